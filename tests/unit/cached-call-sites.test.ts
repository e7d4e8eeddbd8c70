// cached() identity (docs/caching.md, "Keys"): the framework's Vite plugin gives each cached()
// call of the app its site, the module's path from Vite's root and the call's position, so that
// alike functions in different modules never share entries; an explicit `key` still wins. Also:
// the plugin finds the app under Vite's `root`, not the process's working directory.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cached } from '../../src/framework/cache/cached.ts'
import { addCachedCallSites } from '../../src/framework/cache/call-sites.ts'
import { MemoryCacheHandler } from '../../src/framework/cache/memory-handler.ts'
import { setCacheHandler } from '../../src/framework/cache/storage.ts'
import { framework } from '../../src/framework/vite-plugin.ts'

beforeEach(() => setCacheHandler(new MemoryCacheHandler()))
afterEach(() => setCacheHandler(undefined))

describe('the transform', () => {
  it('adds the site to cached() calls imported from #framework, by any local name', () => {
    const code = [
      "import { cached, cacheTag } from '#framework'",
      "import { cached as memo } from '#framework'",
      "import * as framework from '#framework'",
      'const label = "déjà vu ✓"',
      'export const a = cached(async (id) => db.find(id))',
      "export const b = memo(async () => 1, { tags: ['x'] })",
      'export const c = framework.cached(async () => 2, { revalidate: 5 })',
    ].join('\n')
    expect(addCachedCallSites(code, 'src/routes/_data/a.ts')?.split('\n').slice(4)).toEqual([
      'export const a = cached(async (id) => db.find(id), undefined, "src/routes/_data/a.ts:5:17")',
      'export const b = memo(async () => 1, { tags: [\'x\'] }, "src/routes/_data/a.ts:6:17")',
      'export const c = framework.cached(async () => 2, { revalidate: 5 }, "src/routes/_data/a.ts:7:17")',
    ])
  })

  it('leaves other modules and other functions named cached alone', () => {
    expect(addCachedCallSites("import { cached } from './mine'\ncached(f)", 'a.ts')).toBeUndefined()
    expect(addCachedCallSites("import { cookies } from '#framework'\ncached(f)", 'a.ts')).toBe(
      undefined,
    )
    expect(addCachedCallSites('const x = 1', 'a.ts')).toBeUndefined()
  })
})

type Hook = ((...args: never[]) => unknown) | { handler: (...args: never[]) => unknown }

/** Calls a plugin's hook, given as a function or as `{ handler }`. */
function callHook(plugin: Plugin, name: keyof Plugin, ...args: unknown[]): unknown {
  const hook = plugin[name] as Hook | undefined
  if (!hook) throw new Error(`${plugin.name} has no ${name} hook`)
  const fn = (typeof hook === 'function' ? hook : hook.handler) as (...a: unknown[]) => unknown
  return fn.apply({}, args)
}

function frameworkPlugin(name: string): Plugin {
  const plugin = (framework().flat(3) as Plugin[]).find((p) => p?.name === name)
  if (!plugin) throw new Error(`No plugin ${name}`)
  return plugin
}

describe('the Vite plugin', () => {
  it("names a module by its path from Vite's root", () => {
    const plugin = frameworkPlugin('framework:cached-call-sites')
    callHook(plugin, 'configResolved', { root: '/srv/app' })
    const code = "import { cached } from '#framework'\nexport const a = cached(async () => 1)"
    const result = callHook(plugin, 'transform', code, '/srv/app/src/routes/_data/a.ts') as {
      code: string
    }
    expect(result.code).toContain('"src/routes/_data/a.ts:2:17"')
  })

  describe("reads the routes under Vite's root", () => {
    let root: string
    beforeEach(() => {
      root = mkdtempSync(join(tmpdir(), 'framework-root-'))
      for (const file of ['src/routes/about/page.tsx', 'src/routes/(site)/about/page.tsx']) {
        mkdirSync(dirname(join(root, file)), { recursive: true })
        writeFileSync(join(root, file), 'export default function Page() { return null }\n')
      }
    })
    afterEach(() => rmSync(root, { recursive: true, force: true }))

    it('two routes for one URL there fail the build, naming both', () => {
      const plugin = frameworkPlugin('framework:validate-routes')
      callHook(plugin, 'configResolved', { root, command: 'build' })
      expect(() => callHook(plugin, 'buildStart')).toThrow(
        /about\/page\.tsx[\s\S]*about\/page\.tsx/,
      )
    })
  })
})

describe('keys', () => {
  it('alike functions at different sites keep apart; the same site shares', async () => {
    let calls = 0
    const find = async (id: string) => ({ id, call: ++calls })
    const inUsers = cached(find, undefined, 'src/routes/users.ts:3:20')
    const inPosts = cached(find, undefined, 'src/routes/posts.ts:3:20')
    const inUsersAgain = cached(find, undefined, 'src/routes/users.ts:3:20')
    expect(await inUsers('1')).toEqual({ id: '1', call: 1 })
    expect(await inPosts('1')).toEqual({ id: '1', call: 2 })
    expect(await inUsersAgain('1')).toEqual({ id: '1', call: 1 })
  })

  it('an explicit key wins over the site', async () => {
    let calls = 0
    const load = async () => ++calls
    const here = cached(load, { key: 'shared-key' }, 'src/a.ts:1:1')
    const there = cached(load, { key: 'shared-key' }, 'src/b.ts:1:1')
    expect(await here()).toBe(1)
    expect(await there()).toBe(1)
  })
})
