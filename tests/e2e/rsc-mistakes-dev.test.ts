// The classic React Server Components mistakes under the dev server (docs/errors.md, "Server
// component mistakes"): the message says what is wrong, names the file and the fix, in the
// terminal and in the browser (error.tsx, or Vite's overlay when no page could render). The
// mistakes are written into a copy of the project.
import { expect, test } from 'vitest'
import {
  missingDefaultExportMessage,
  serverComponentFunctionPropMessage,
  serverComponentHookMessage,
  serverComponentValuePropMessage,
  serverFunctionExportMessage,
  serverOnlyImportMessage,
} from '../../src/framework/wire/errors.ts'
import { onceRouted, overlayOf, setupDevServerOnCopy } from './support/index.ts'

const { project, dev, chromium } = setupDevServerOnCopy()

const COMPILE_TIMEOUT_MS = 90_000

/**
 * Writes `lines` as the page of `/lab/errors/<name>` (the lab's errors folder has an error.tsx
 * that shows the message), opens it, and checks that the document answers 500, that error.tsx
 * shows `message` and that the terminal has it.
 */
async function expectMessage(name: string, lines: string[], message: (file: string) => string) {
  const file = `src/routes/(lab)/lab/errors/${name}/page.tsx`
  project.write(file, lines.join('\n'))
  const expected = message(file)
  const mark = dev.server.process.output.length
  const page = await chromium.newPage()
  const response = await onceRouted(
    async () => (await page.goto(`/lab/errors/${name}`, { timeout: COMPILE_TIMEOUT_MS }))!,
  )
  expect(response?.status()).toBe(500)
  const shown = page.getByTestId('error-message')
  await shown.filter({ hasText: file }).waitFor({ timeout: COMPILE_TIMEOUT_MS })
  expect(await shown.textContent()).toBe(expected)
  const logged = await dev.server.process.waitForLine(/^Error: /, 10_000, mark)
  expect(logged.input).toBe(`Error: ${expected}`)
}

test('a server component that calls useState: what to do, in the terminal and in error.tsx', async () => {
  await expectMessage(
    'hook',
    [
      "import { useState } from 'react'",
      '',
      'export default function CounterPage() {',
      '  const [count] = useState(0)',
      '  return <p>{count}</p>',
      '}',
    ],
    (file) => serverComponentHookMessage('useState', file),
  )
}, 180_000)

test('a server component that calls React.useState through a namespace import: the same message', async () => {
  await expectMessage(
    'namespace-hook',
    [
      "import * as React from 'react'",
      '',
      'export default function CounterPage() {',
      '  const [count] = React.useState(0)',
      '  return <p>{count}</p>',
      '}',
    ],
    (file) => serverComponentHookMessage('useState', file),
  )
}, 180_000)

test('a class instance passed to a client component: the prop, the class, the file and the fix', async () => {
  project.write(
    'src/routes/(lab)/lab/errors/instance/card.tsx',
    [
      "'use client'",
      'export function Card({ note }: { note: { title: string } }) {',
      '  return <p>{note.title}</p>',
      '}',
    ].join('\n'),
  )
  await expectMessage(
    'instance',
    [
      "import { Card } from './card.tsx'",
      '',
      'class Note {',
      '  constructor(readonly title: string) {}',
      '}',
      '',
      'export default function NotePage() {',
      "  return <Card note={new Note('Groceries')} />",
      '}',
    ],
    (file) => serverComponentValuePropMessage('note', 'Note', '<Card>', `${file}:8`, true),
  )
}, 180_000)

test('a page without a default export: what to do, in the terminal and in the overlay', async () => {
  const file = 'src/routes/(lab)/lab/errors/no-default/page.tsx'
  project.write(file, 'export function NotesPage() {\n  return <p>Notes</p>\n}\n')
  const expected = missingDefaultExportMessage('(lab)/lab/errors/no-default/page.tsx', [
    'NotesPage',
  ])
  expect(expected).toContain('make NotesPage its default export')
  const mark = dev.server.process.output.length
  const page = await chromium.newPage()
  const response = await onceRouted(
    async () => (await page.goto('/lab/errors/no-default', { timeout: COMPILE_TIMEOUT_MS }))!,
  )
  expect(response?.status()).toBe(500)
  const shown = (await overlayOf(page, COMPILE_TIMEOUT_MS)).message
  expect(shown).toBe(expected)
  const logged = await dev.server.process.waitForLine(/^Error: /, 10_000, mark)
  expect(logged.input).toBe(`Error: ${expected}`)
}, 180_000)

test('a client component that imports the data layer: the import chain and the fix, in the overlay and the terminal', async () => {
  const dir = 'src/routes/(lab)/lab/errors/server-only'
  project.write(
    `${dir}/card.tsx`,
    "'use client'\nimport { noteCount } from './count.ts'\nexport function Card() {\n  return <p>{noteCount()}</p>\n}\n",
  )
  project.write(
    `${dir}/count.ts`,
    "import { listNotes } from '../../../../_data/notes.ts'\nexport const noteCount = () => typeof listNotes\n",
  )
  project.write(
    `${dir}/page.tsx`,
    "import { Card } from './card.tsx'\nexport default () => <Card />\n",
  )
  const expected = serverOnlyImportMessage(
    [`${dir}/card.tsx`, `${dir}/count.ts`],
    'src/routes/_data/notes.ts',
  )
  const mark = dev.server.process.output.length
  const page = await chromium.newPage()
  await onceRouted(
    async () => (await page.goto('/lab/errors/server-only', { timeout: COMPILE_TIMEOUT_MS }))!,
  )
  const shown = (await overlayOf(page, COMPILE_TIMEOUT_MS)).message
  expect(shown).toContain(expected)
  const logged = await dev.server.process.waitForLine(
    / is client code, and it imports /,
    10_000,
    mark,
  )
  expect(logged.input).toContain(expected)
}, 180_000)

test('a server component with an onClick: the file, the line and the fix', async () => {
  await expectMessage(
    'handler',
    [
      'export default function LikePage() {',
      '  return (',
      '    <button type="button" onClick={() => console.log(1)}>',
      '      Like',
      '    </button>',
      '  )',
      '}',
    ],
    (file) => serverComponentFunctionPropMessage('onClick', '<button>', `${file}:3`, false),
  )
}, 180_000)

test("a 'use server' module that exports a value: the file, the export and the fix", async () => {
  const actions = 'src/routes/(lab)/lab/errors/use-server/actions.ts'
  project.write(
    actions,
    ["'use server'", '', 'export const LIMIT = 10', '', 'export async function save() {}'].join(
      '\n',
    ),
  )
  const expected = serverFunctionExportMessage(actions, 'LIMIT', 'a value, not a function')
  const mark = dev.server.process.output.length
  project.write(
    'src/routes/(lab)/lab/errors/use-server/page.tsx',
    [
      "import { save } from './actions.ts'",
      '',
      'export default function SavePage() {',
      '  return <form action={save}><button type="submit">Save</button></form>',
      '}',
    ].join('\n'),
  )
  // The route module does not load: the document is the plain 500 with a digest, the message
  // is in the terminal.
  const response = await onceRouted(() =>
    fetch(`${dev.url}/lab/errors/use-server`, {
      signal: AbortSignal.timeout(COMPILE_TIMEOUT_MS),
    }),
  )
  expect(response.status).toBe(500)
  const logged = await dev.server.process.waitForLine(/^Error: /, 10_000, mark)
  expect(logged.input).toBe(`Error: ${expected}`)
}, 180_000)
