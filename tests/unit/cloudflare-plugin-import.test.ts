// The `cloudflare` target's module (src/framework/vite/cloudflare-worker.ts) in Vite's bundle of
// an app's vite.config.ts, where @cloudflare/vite-plugin is not installed, as in a Node app or in
// this project before the Workers toolchain's first use (tools/workers/install.mjs).
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, expect, test } from 'vitest'

const VITE_DIR = 'src/framework/vite'
const PROJECT_DIR = join(import.meta.dirname, '../..')

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

test('bundling the config says nothing of the plugin, which it loads only for that target', {
  timeout: 30_000,
}, () => {
  // Outside the project, so that no node_modules above it has the plugin.
  const dir = mkdtempSync(join(tmpdir(), 'cloudflare-plugin-import-'))
  dirs.push(dir)
  for (const file of ['cloudflare-worker.ts', 'paths.ts']) {
    copyFileSync(join(PROJECT_DIR, VITE_DIR, file), join(dir, file))
  }
  // As src/framework/vite-plugin.ts imports it: only when the target is `cloudflare`.
  writeFileSync(
    join(dir, 'vite.config.ts'),
    "export const cloudflareTarget = () => import('./cloudflare-worker.ts')\nexport default {}\n",
  )
  const vite = pathToFileURL(join(PROJECT_DIR, 'node_modules/vite/dist/node/index.js')).href
  const load = `const { loadConfigFromFile } = await import(${JSON.stringify(vite)})
const loaded = await loadConfigFromFile({ command: 'build', mode: 'production' }, 'vite.config.ts', process.cwd())
console.log(loaded ? 'loaded' : 'not loaded')`
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', load], {
    cwd: dir,
    encoding: 'utf8',
  })
  expect(result.stderr).not.toContain('@cloudflare/vite-plugin')
  expect(result.stdout).not.toContain('@cloudflare/vite-plugin')
  expect(result.stdout.trim()).toBe('loaded')
  expect(result.status).toBe(0)
})
