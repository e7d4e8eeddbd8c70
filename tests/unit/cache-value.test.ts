// The two forms cached() stores values in (docs/caching.md, "What can be cached"): node:v8 on
// Node (cache/value.ts), devalue on Cloudflare Workers (cache/value.workers.ts), where node:v8's
// serialize() is not implemented. Both keep and refuse the same values.
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import * as node from '../../src/framework/cache/value.ts'
import * as workers from '../../src/framework/cache/value.workers.ts'

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
  get length() {
    return Math.hypot(this.x, this.y)
  }
}

describe.each([
  ['node:v8 (Node)', node],
  ['devalue (Workers)', workers],
])('cached values as %s', (_, codec) => {
  const roundTrip = <T>(value: T): T => codec.fromBytes<T>(codec.toBytes(value, 'test'))

  it('keeps primitives, plain objects, arrays, Dates, RegExps, Maps, Sets and binary data', () => {
    const value = {
      text: 'é ✓',
      number: -0,
      nan: Number.NaN,
      big: 2n ** 70n,
      nothing: undefined,
      empty: null,
      list: [1, [2, { three: 3 }]],
      when: new Date(5),
      pattern: /a+b/gi,
      map: new Map<unknown, unknown>([
        ['a', 1],
        [2, new Set(['b'])],
      ]),
      bytes: new Uint8Array([1, 2, 255]),
      buffer: new Uint16Array([7, 8]).buffer,
    }
    const back = roundTrip(value)
    expect(back).toEqual(value)
    expect(Object.is(back.number, -0)).toBe(true)
    expect(back.when).toBeInstanceOf(Date)
    expect(back.bytes).toBeInstanceOf(Uint8Array)
    expect(new Uint16Array(back.buffer)).toEqual(new Uint16Array([7, 8]))
  })

  it('keeps shared references and cycles', () => {
    const shared = { n: 1 }
    const value: Record<string, unknown> = { a: shared, b: shared }
    value.self = value
    const back = roundTrip(value)
    expect(back.a).toBe(back.b)
    expect(back.self).toBe(back)
  })

  it('gives an Error back with its name and message', () => {
    const back = roundTrip({ failure: new TypeError('no such note') })
    expect(back.failure).toBeInstanceOf(Error)
    expect(back.failure.name).toBe('TypeError')
    expect(back.failure.message).toBe('no such note')
  })

  it('gives a class instance back as a plain object of its own fields', () => {
    const back = roundTrip({ point: new Point(3, 4) })
    expect(Object.getPrototypeOf(back.point)).toBe(Object.prototype)
    expect(back.point).toEqual({ x: 3, y: 4 })
  })

  it.each([
    ['a function', () => 1],
    ['a symbol', Symbol('s')],
    ['a promise', Promise.resolve(1)],
    ['a React element', createElement('p', { key: 'p' })],
  ])('refuses %s, naming the cached function', (_, bad) => {
    expect(() => codec.toBytes({ bad }, 'loadThing')).toThrow(
      /cached\(loadThing\) returned a value that cannot be cached/,
    )
  })
})
