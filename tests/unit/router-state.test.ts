// The router state header (docs/protocol.md, "Router state"): what the client sends, and what
// the server takes from it. Anything malformed is no state at all: the URL's own view. And what
// the router keeps of it in a history entry (client/history-entry.ts).
import { describe, expect, it } from 'vitest'
import { readHistoryEntry } from '../../src/framework/client/history-entry.ts'
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

describe('readHistoryEntry', () => {
  const routerState = { from: '/notes/3', slots: { 'notes@modal': { url: '/notes/3' } } }

  it('reads back the key and the router state the router keeps in an entry', () => {
    expect(readHistoryEntry({ key: 'k1', routerState })).toEqual({ key: 'k1', routerState })
    expect(readHistoryEntry({ key: 'k1' })).toEqual({ key: 'k1' })
  })

  it('ignores what another script or an older build put in history.state', () => {
    expect(readHistoryEntry(null)).toEqual({})
    expect(readHistoryEntry('a string')).toEqual({})
    expect(readHistoryEntry({ key: 7, routerState: { from: 1, slots: {} } })).toEqual({})
    expect(readHistoryEntry({ key: 'k', routerState: { from: '/a', slots: null } })).toEqual({
      key: 'k',
    })
    expect(readHistoryEntry({ key: 'k', routerState: '/a' })).toEqual({ key: 'k' })
  })
})
