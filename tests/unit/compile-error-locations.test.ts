// A module that does not compile, under the dev server (vite/compile-error-locations.ts): Vite's
// error for it points at the line and column the compiler named, with a code frame of them,
// as Vite's overlay and the framework's show it. A Vite dev server of its own compiles a broken
// file of a temporary folder.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type ViteDevServer } from 'vite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { compileErrorLocations } from '../../src/framework/vite/compile-error-locations.ts'

const root = mkdtempSync(join(tmpdir(), 'compile-error-locations-'))
let server: ViteDevServer

beforeAll(async () => {
  writeFileSync(
    join(root, 'page.tsx'),
    ['export default function Broken() {', '  const x = ;', '  return <p>{x}</p>', '}'].join('\n'),
  )
  server = await createServer({
    root,
    configFile: false,
    logLevel: 'silent',
    server: { middlewareMode: true, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [compileErrorLocations()],
  })
})

afterAll(async () => {
  await server?.close()
  rmSync(root, { recursive: true, force: true })
})

/** What compiling `url` threw. */
async function compileError(url: string): Promise<Record<string, unknown>> {
  try {
    await server.environments.client.transformRequest(url)
  } catch (error) {
    return error as Record<string, unknown>
  }
  throw new Error(`${url} compiled`)
}

describe('a module that does not compile', () => {
  test('its error points at the line the compiler named, in the source file', async () => {
    const error = await compileError('/page.tsx')
    expect(error.message).toContain('Unexpected token')
    expect(error.loc).toMatchObject({ file: join(root, 'page.tsx'), line: 2 })
  })

  test('its error has a code frame of that line', async () => {
    const error = await compileError('/page.tsx')
    expect(error.frame).toMatch(/^>?\s*2\s*\|\s+const x = ;$/m)
  })
})
