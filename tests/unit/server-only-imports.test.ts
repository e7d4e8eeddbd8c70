// Client code that imports what runs only on the server fails with the import chain and the fix
// (vite/server-only-imports.ts, docs/errors.md "Server component mistakes"): a file of the
// app's data layer, a Node.js built-in, a module that imports 'server-only'. Built with Vite, in
// its client environment, from a small project written for the test.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { build } from 'vite'
import { afterEach, describe, expect, test } from 'vitest'
import { importChain, serverOnlyImports } from '../../src/framework/vite/server-only-imports.ts'
import { serverOnlyImportMessage } from '../../src/framework/wire/errors.ts'

let root = ''

afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
})

/** Writes `files` into a fresh project and builds `src/main.js` for the browser. */
async function buildClient(files: Record<string, string>): Promise<unknown> {
  root = mkdtempSync(join(tmpdir(), 'server-only-imports-'))
  for (const [file, source] of Object.entries(files)) {
    mkdirSync(dirname(join(root, file)), { recursive: true })
    writeFileSync(join(root, file), source)
  }
  try {
    await build({
      root,
      logLevel: 'silent',
      configFile: false,
      plugins: [serverOnlyImports((at) => join(at, 'src/routes'))],
      build: { write: false, lib: { entry: 'src/main.js', formats: ['es'] } },
    })
    return undefined
  } catch (error) {
    return error
  }
}

const CLIENT =
  "'use client'\nimport { format } from './format.js'\nexport const Card = () => format()\n"
const MAIN = "import { Card } from './routes/_components/card.js'\nconsole.log(Card)\n"

describe('the build of client code', () => {
  test('a data layer file, two imports down: the chain from the client module and the fix', async () => {
    const error = await buildClient({
      'src/main.js': MAIN,
      'src/routes/_components/card.js': CLIENT,
      'src/routes/_components/format.js':
        "import { notes } from '../_data/notes.js'\nexport const format = () => notes\n",
      'src/routes/_data/notes.js': 'export const notes = []\n',
    })
    const expected = serverOnlyImportMessage(
      ['src/routes/_components/card.js', 'src/routes/_components/format.js'],
      'src/routes/_data/notes.js',
    )
    expect(String((error as Error)?.message)).toContain(expected)
    expect(expected).toContain(
      'src/routes/_components/card.js → src/routes/_components/format.js → src/routes/_data/notes.js',
    )
  })

  test('a Node.js built-in', async () => {
    const error = await buildClient({
      'src/main.js': MAIN,
      'src/routes/_components/card.js':
        "'use client'\nimport { readFileSync } from 'fs'\nexport const Card = readFileSync\n",
    })
    expect(String((error as Error)?.message)).toContain(
      serverOnlyImportMessage(['src/routes/_components/card.js'], 'node:fs'),
    )
  })

  test("a module that imports 'server-only'", async () => {
    const error = await buildClient({
      'src/main.js': MAIN,
      'src/routes/_components/card.js': CLIENT,
      'src/routes/_components/format.js': "import 'server-only'\nexport const format = () => 1\n",
    })
    const expected = serverOnlyImportMessage(
      ['src/routes/_components/card.js', 'src/routes/_components/format.js'],
      'server-only',
    )
    expect(String((error as Error)?.message)).toContain(expected)
    expect(expected).toContain("src/routes/_components/format.js (which imports 'server-only')")
  })

  test('client code that imports none of them builds', async () => {
    const error = await buildClient({
      'src/main.js': MAIN,
      'src/routes/_components/card.js': CLIENT,
      'src/routes/_components/format.js': 'export const format = () => 1\n',
    })
    expect(error).toBeUndefined()
  })
})

describe('importChain', () => {
  test('goes up to the nearest client module, and stops at a cycle or the top', () => {
    const importerOf = new Map([
      ['c', 'b'],
      ['b', 'a'],
      ['a', 'main'],
    ])
    expect(importChain('c', importerOf, (id) => id === 'a')).toEqual(['a', 'b', 'c'])
    expect(importChain('c', importerOf, () => false)).toEqual(['main', 'a', 'b', 'c'])
    expect(
      importChain(
        'x',
        new Map([
          ['x', 'y'],
          ['y', 'x'],
        ]),
        () => false,
      ),
    ).toEqual(['y', 'x'])
  })
})
