// The router state header (docs/protocol.md, "Router state"): what the client sends, and what
// the server takes from it. Anything malformed is no state at all: the URL's own view.
import { describe, expect, it } from 'vitest'
import {
  encodeRouterState,
  HEADER_ROUTER_STATE,
  readRouterState,
} from '../../src/framework/wire/protocol.ts'

const withHeader = (value: string) =>
  new Request('http://localhost/notes/3_.rsc', { headers: { [HEADER_ROUTER_STATE]: value } })

describe('readRouterState', () => {
  it('reads back what the client encodes', () => {
    const state = {
      from: '/notes',
      slots: {
        'notes@children': { url: '/notes' },
        'notes@modal': { url: '/n', intercepted: true },
      },
    }
    expect(readRouterState(withHeader(encodeRouterState(state)))).toEqual(state)
  })

  it('is null without the header, and for malformed or oversized values', () => {
    expect(readRouterState(new Request('http://localhost/'))).toBeNull()
    for (const value of [
      '%7B',
      'not json',
      encodeURIComponent('[]'),
      encodeURIComponent('{"from":1,"slots":{}}'),
      encodeURIComponent('{"from":"/"}'),
    ]) {
      expect(readRouterState(withHeader(value))).toBeNull()
    }
    const long = encodeRouterState({ from: `/${'a'.repeat(9000)}`, slots: {} })
    expect(readRouterState(withHeader(long))).toBeNull()
  })

  it('keeps only entries that name a slot and carry a URL', () => {
    const value = encodeURIComponent(
      '{"from":"/","slots":{"__proto__":{"url":"/x"},"a@b":{"url":5},"c@d":{"url":"/y","intercepted":"yes"}}}',
    )
    const state = readRouterState(withHeader(value))!
    expect(state.slots).toEqual({ 'c@d': { url: '/y' } })
    expect(Object.getPrototypeOf(state.slots)).toBe(Object.prototype)
  })
})
