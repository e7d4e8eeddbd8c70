import { describe, expect, it } from 'vitest'
import { argumentsKey, functionIdentity } from '../../src/framework/cache/key.ts'
import { normalizePath, PATH_TAG_PREFIX, pathTag } from '../../src/framework/cache/tags.ts'

describe('argumentsKey', () => {
  const key = (...args: unknown[]) => argumentsKey(args, 'test')

  it('is equal for equal arguments, whatever the key order', () => {
    expect(key({ a: 1, b: { c: [1, 2] } })).toBe(key({ b: { c: [1, 2] }, a: 1 }))
    expect(key(Object.assign(Object.create(null), { a: 1 }))).toBe(key({ a: 1 }))
  })

  it('tells apart values that JSON would merge', () => {
    const distinct = [
      key(1),
      key('1'),
      key(1n),
      key(-0),
      key(Number.NaN),
      key(null),
      key(undefined),
      key(),
      key([]),
      key({}),
      key(new Date(0)),
      key(0),
      key(true),
      key('true'),
    ]
    expect(new Set(distinct).size).toBe(distinct.length)
  })

  it('counts an undefined property as absent, as JSON does', () => {
    expect(key({ a: 1, b: undefined })).toBe(key({ a: 1 }))
  })

  it('refuses what has no stable text, saying which argument and where', () => {
    expect(() => key(1, { nested: [Symbol('s')] })).toThrow(
      'cached(test) cannot make a cache key of its arguments: arguments[1].nested[0] is a symbol.',
    )
    expect(() => key(new (class Point {})())).toThrow(/arguments\[0\] is an instance of Point/)
    expect(() => key(new Uint8Array(1))).toThrow(/instance of Uint8Array/)
  })

  it('allows the same object twice when it is not circular', () => {
    const shared = { a: 1 }
    expect(() => key(shared, [shared, shared])).not.toThrow()
  })
})

describe('functionIdentity', () => {
  it('uses the key when given', () => {
    expect(functionIdentity(async () => 1, 'notes')).toBe('key:notes')
  })

  it('differs by name and by source, and is equal for the same name and source', () => {
    const make = () =>
      async function load() {
        return 1
      }
    const other = async function load() {
      return 2
    }
    expect(functionIdentity(make())).toBe(functionIdentity(make()))
    expect(functionIdentity(make())).not.toBe(functionIdentity(other))
    expect(functionIdentity(make())).toMatch(/^fn:load:/)
  })
})

describe('path tags', () => {
  it('normalizes a path: no query, no trailing slash', () => {
    expect(normalizePath('/notes/')).toBe('/notes')
    expect(normalizePath('/notes?page=2#top')).toBe('/notes')
    expect(normalizePath('/')).toBe('/')
    expect(pathTag('/notes/')).toBe(`${PATH_TAG_PREFIX}/notes`)
  })

  it('hashes a path too long to be a tag', () => {
    const tag = pathTag(`/${'a'.repeat(300)}`)
    expect(tag.length).toBeLessThanOrEqual(256)
    expect(tag).toBe(pathTag(`/${'a'.repeat(300)}/`))
  })
})
