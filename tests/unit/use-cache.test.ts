// "use cache" without a request (docs/caching.md, "use cache"): the transform that wraps each
// function under the directive with its module and name, keys that are the same for the same
// arguments in every process, the arguments that cannot be keyed, and cacheLife()'s profiles.
import { encodeReply } from 'react-server-dom-webpack/client.node'
import { describe, expect, it } from 'vitest'
import { functionIdentity } from '../../src/framework/cache/key.ts'
import { cacheLife } from '../../src/framework/cache/life.ts'
import { BUILT_IN_CACHE_LIFE, resolveCacheLife } from '../../src/framework/cache/life-profiles.ts'
import { type CacheScope, runInScope } from '../../src/framework/cache/scope.ts'
import { checkCacheArguments, replyKey } from '../../src/framework/cache/use-cache-key.ts'
import { resolveConfig } from '../../src/framework/config.ts'
import { transformUseCache } from '../../src/framework/vite/use-cache.ts'

const transformed = (code: string) =>
  transformUseCache(code, 'src/routes/notes/a.tsx', '/rt.ts')?.code

describe('the transform', () => {
  it('at the top of a module, wraps every export with the module and the export name', () => {
    const code = [
      '"use cache"',
      'export async function listNotes() { return [] }',
      'export const countNotes = async () => 0',
      'export default async function Notes() { return null }',
    ].join('\n')
    const output = transformed(code)!
    expect(output).toContain(
      'import { registerCachedFunction as $$registerCachedFunction } from "/rt.ts";',
    )
    expect(output).toContain(
      '$$registerCachedFunction(listNotes, "src/routes/notes/a.tsx", "listNotes")',
    )
    expect(output).toContain(
      '$$registerCachedFunction(countNotes, "src/routes/notes/a.tsx", "countNotes")',
    )
    expect(output).toContain('$$registerCachedFunction(Notes, "src/routes/notes/a.tsx", "default")')
  })

  it('at the top of a function body, hoists it (closures become arguments) and wraps it once', () => {
    const code = [
      'export async function Stamp({ label }) { "use cache"; return label }',
      'export default async function Page() {',
      '  const prefix = "n"',
      '  async function load(id) { "use cache"; return prefix + id }',
      '  return load(1)',
      '}',
    ].join('\n')
    const output = transformed(code)!
    expect(output).toContain(
      'const $$hoist_0_Stamp = /* #__PURE__ */ $$registerCachedFunction($$hoist_0_Stamp$$impl, "src/routes/notes/a.tsx", "$$hoist_0_Stamp")',
    )
    expect(output).toContain('export const Stamp = $$hoist_0_Stamp')
    expect(output).toContain('const load = $$hoist_1_load.bind(null, prefix)')
    expect(output).toContain('async function $$hoist_1_load$$impl(prefix, id)')
    // The same input gives the same names: every process of a build keys alike.
    expect(transformed(code)).toBe(output)
  })

  it('leaves modules without the directive alone, and refuses it in a function that is not async', () => {
    expect(transformed('export async function a() { return 1 }')).toBeUndefined()
    expect(() => transformed('export function a() { "use cache"; return 1 }')).toThrow()
    expect(() => transformed('"use cache"\nexport function a() { return 1 }')).toThrow()
  })
})

describe('keys', () => {
  it('the identity is the module, the name and the source text: the same in every process', () => {
    const one = async (id: string) => id
    const other = async (id: string) => id
    expect(functionIdentity(one, undefined, 'src/a.ts#load')).toBe(
      functionIdentity(other, undefined, 'src/a.ts#load'),
    )
    expect(functionIdentity(one, undefined, 'src/b.ts#load')).not.toBe(
      functionIdentity(one, undefined, 'src/a.ts#load'),
    )
  })

  it('equal arguments give the same key, different ones another, Maps (multipart) included', async () => {
    const key = async (args: unknown[]) => replyKey(await encodeReply(args))
    expect(await key(['a', { n: 1 }])).toBe(await key(['a', { n: 1 }]))
    expect(await key(['a', { n: 1 }])).not.toBe(await key(['a', { n: 2 }]))
    const map = () => [new Map([['x', new Date(0)]])]
    expect(typeof (await encodeReply(map()))).toBe('object') // FormData: a random boundary
    expect(await key(map())).toBe(await key(map()))
    expect(await key(map())).not.toBe(await key([new Map([['x', new Date(1)]])]))
  })

  it('lets elements and client references through, and names what it refuses', () => {
    const element = { $$typeof: Symbol.for('react.transitional.element'), props: { f() {} } }
    const client = Object.assign(() => {}, { $$typeof: Symbol.for('react.client.reference') })
    expect(() =>
      checkCacheArguments([{ children: element, Button: client, at: new Date() }], 'f'),
    ).not.toThrow()
    expect(() => checkCacheArguments([1, [Symbol('s')]], 'f')).toThrow(
      'f cannot make a cache key of its arguments: arguments[1][0] is a symbol not made by Symbol.for().',
    )
    expect(() => checkCacheArguments([new Map([['k', () => {}]])], 'f')).toThrow(
      'arguments[0].get(k) is a function',
    )
  })
})

describe('cacheLife()', () => {
  it("has Next.js 16's profiles, in seconds", () => {
    expect(BUILT_IN_CACHE_LIFE).toEqual({
      default: { stale: 300, revalidate: 900, expire: 0xfffffffe },
      seconds: { stale: 30, revalidate: 1, expire: 60 },
      minutes: { stale: 300, revalidate: 60, expire: 3600 },
      hours: { stale: 300, revalidate: 3600, expire: 86400 },
      days: { stale: 300, revalidate: 86400, expire: 604800 },
      weeks: { stale: 300, revalidate: 604800, expire: 2592000 },
      max: { stale: 300, revalidate: 2592000, expire: 31536000 },
    })
  })

  it("takes the app's profiles: a built-in name is replaced, missing fields are the default's", () => {
    const profiles = resolveCacheLife(BUILT_IN_CACHE_LIFE, {
      blog: { revalidate: 60 },
      hours: { revalidate: 1800 },
    })
    expect(profiles.blog).toEqual({ stale: 300, revalidate: 60, expire: 0xfffffffe })
    expect(profiles.hours).toEqual({ stale: 300, revalidate: 1800, expire: 0xfffffffe })
    expect(profiles.days).toEqual(BUILT_IN_CACHE_LIFE.days)
    expect(
      resolveConfig({ cacheLife: { blog: { revalidate: 60 } } }).cacheLife.blog?.revalidate,
    ).toBe(60)
    expect(() => resolveCacheLife(BUILT_IN_CACHE_LIFE, { bad: { revalidate: -1 } })).toThrow(
      'cacheLife profile "bad": revalidate must be a number of seconds, 0 or more.',
    )
  })

  it('sets the shortest life asked for inside a cached function, and throws outside one', () => {
    const scope: CacheScope = { name: 'f', label: 'f', tags: [] }
    runInScope(scope, () => {
      cacheLife('hours')
      cacheLife({ revalidate: 120 })
      cacheLife('days')
    })
    expect(scope.revalidate).toBe(120)
    expect(() => cacheLife('hours')).toThrow(/cacheLife\(\) was called outside a cached function/)
  })
})
