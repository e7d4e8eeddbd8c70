// The notebook built as a Cloudflare Worker (docs/deploying.md#cloudflare-workers), beyond the HTTP and
// browser test files the `e2e-workers` project runs against it unchanged (vitest.config.ts): the
// Worker's bundle leaves the Node server's modules out, and its data lives in Workers KV, so it
// outlives the Worker (as data/ outlives a Node server).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  DIST_DIR,
  formBody,
  formWith,
  ROOT_DIR,
  serverTarget,
  setupProductionServer,
} from './support/index.ts'

const WORKER_DIR = join(ROOT_DIR, 'dist-workers/rsc')

/** Every JavaScript file of a build folder, concatenated. */
function bundleText(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(dir, file), 'utf8'))
    .join('\n')
}

/** The node: modules that workerd implements itself under `nodejs_compat`. */
const WORKERD_NODE_MODULES = new Set([
  'node:async_hooks',
  'node:buffer',
  'node:crypto',
  'node:events',
  'node:stream',
  'node:stream/web',
  'node:util',
])

describe('the Worker bundle (dist-workers/rsc)', () => {
  const worker = bundleText(WORKER_DIR)
  // The Node build (npm run build) shows each marker where the module is bundled: a marker that
  // stopped matching would make the check below pass for nothing.
  const nodeBuild = bundleText(join(DIST_DIR, 'rsc'))

  test.each([
    ['ioredis (the Redis cache store)', 'node_modules/ioredis/'],
    ['compression (npm start)', 'node_modules/negotiator/'],
    ['sirv (npm start)', 'node_modules/sirv/'],
    ['the Node listener (node/listener.ts)', 'createNodeRequestListener'],
    ['node-fetch-server (the Node listener)', 'node_modules/@remix-run/node-fetch-server/'],
    ['node:fs (lowdb/node, the notebook on Node)', 'from "node:fs'],
    ['node:http (npm start)', 'from "node:http"'],
    ['node:v8 (cached values on Node)', 'from "node:v8"'],
  ])('leaves out %s', (_, marker) => {
    expect(nodeBuild).toContain(marker)
    expect(worker).not.toContain(marker)
  })

  test('imports only node: modules that workerd implements, and nothing by require()', () => {
    const imported = new Set([...worker.matchAll(/from "(node:[\w/]+)"/g)].map((m) => m[1]!))
    expect(imported.size).toBeGreaterThan(0)
    expect([...imported].filter((name) => !WORKERD_NODE_MODULES.has(name))).toEqual([])
    expect(worker).not.toMatch(/\brequire\("/)
  })
})

describe('the notebook on the running server', () => {
  const app = setupProductionServer()

  async function getText(path: string): Promise<string> {
    const response = await fetch(app.url + path)
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
    return response.text()
  }

  test('is the Worker', () => {
    expect(serverTarget()).toBe('workers')
    expect(app.server.process.name).toBe('Worker (vite preview)')
  })

  test('serves every file under /assets/ from Workers static assets, immutable for a year', async () => {
    const files = readdirSync(join(ROOT_DIR, 'dist-workers/client/assets'))
    expect(files.some((file) => file.endsWith('.js'))).toBe(true)
    for (const file of files) {
      const response = await fetch(`${app.url}/assets/${file}`)
      expect(response.status, file).toBe(200)
      expect(response.headers.get('cache-control'), file).toBe(
        'public, max-age=31536000, immutable',
      )
      await response.arrayBuffer()
    }
    const document = await fetch(`${app.url}/`)
    expect(document.headers.get('cache-control') ?? '').not.toContain('immutable')
    await document.arrayBuffer()
  })

  test("a range past a hashed file's end gets the whole file; a missing file, the Worker's 404", async () => {
    const [file] = readdirSync(join(ROOT_DIR, 'dist-workers/client/assets'))
    const { size } = statSync(join(ROOT_DIR, 'dist-workers/client/assets', file!))
    // The asset server (workerd's, as `vite preview` runs it) answers no ranges: it sends the
    // whole file, which may be kept; no 416 takes the file's Cache-Control.
    const beyond = await fetch(`${app.url}/assets/${file}`, {
      headers: { range: `bytes=${size + 10}-` },
    })
    expect(beyond.status).toBe(200)
    expect(beyond.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    await beyond.arrayBuffer()
    // A missing file is the Worker's to answer, which `_headers` does not touch.
    const missing = await fetch(`${app.url}/assets/missing-0a1b2c3d.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('private, no-store')
    await missing.arrayBuffer()
  })

  test('a note created with the no-JS form is still there after a restart (Workers KV)', async () => {
    // A cached read (notesTagged, in the data cache's KV store) before the note exists.
    expect(await getText('/tags/kv')).not.toContain('Kept in KV')
    const form = formWith(await getText('/notes/new'), 'Create note')
    const created = await fetch(`${app.url}/notes/new`, {
      method: 'POST',
      body: formBody(form, { title: 'Kept in KV', body: 'Written by the Worker', tags: 'kv' }),
      redirect: 'manual',
    })
    expect(created.status).toBe(303)
    const location = created.headers.get('location') ?? ''
    expect(location).toMatch(/^\/notes\/\d+$/)
    expect(await getText('/notes')).toContain('Kept in KV')
    // The post revalidated the notes' tag: the cached read is computed again.
    expect(await getText('/tags/kv')).toContain('Kept in KV')

    await app.restart()
    expect(await getText('/notes')).toContain('Kept in KV')
    expect(await getText(location)).toContain('Written by the Worker')
    expect(await getText('/tags/kv')).toContain('Kept in KV')
  })
})
