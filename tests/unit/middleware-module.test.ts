// virtual:framework/middleware (vite/middleware-module.ts): the app's src/middleware.ts or src/proxy.ts,
// beside the routes folder, or nothing; both at once fail the build naming both files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { afterEach, describe, expect, it } from 'vitest'
import { middlewareModule } from '../../src/framework/vite/middleware-module.ts'

const roots: string[] = []
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true })
})

/** The virtual module's code for an app with `files` in its src/ folder. */
function moduleFor(files: string[]): string {
  const root = mkdtempSync(join(tmpdir(), 'middleware-module-'))
  roots.push(root)
  mkdirSync(join(root, 'src/routes'), { recursive: true })
  for (const file of files) writeFileSync(join(root, 'src', file), 'export function proxy() {}\n')
  const plugin = middlewareModule((base) => join(base, 'src/routes')) as Plugin
  ;(plugin.configResolved as (config: { root: string }) => void)({ root })
  const id = (plugin.resolveId as (source: string) => string)('virtual:framework/middleware')
  const context = {
    error: (message: string) => {
      throw new Error(message)
    },
  }
  return (plugin.load as (this: typeof context, id: string) => string).call(context, id)
}

describe('virtual:framework/middleware', () => {
  it('is empty without a middleware file', () => {
    expect(moduleFor([])).toBe('export const middleware = undefined\n')
  })

  it.each(['middleware.ts', 'proxy.ts', 'proxy.js'])('loads src/%s', (file) => {
    const code = moduleFor([file])
    expect(code).toContain(`file: "src/${file}"`)
    expect(code).toMatch(new RegExp(`import\\(".*/src/${file.replace('.', '\\.')}"\\)`))
  })

  it('fails the build when both files are there, naming both', () => {
    expect(() => moduleFor(['middleware.ts', 'proxy.ts'])).toThrow(
      'src/middleware.ts and src/proxy.ts: an app has one middleware file; remove one of them.',
    )
  })
})
