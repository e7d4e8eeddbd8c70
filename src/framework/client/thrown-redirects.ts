// Finds a redirect() the server threw inside a subtree that an access fallback screen replaces.
// React renders the first interrupt it meets and stops there, but redirects win over fallbacks
// (docs/errors.md): a part of the page that threw redirect() after (or beside) the notFound()
// React met would otherwise never render. Only what the server sent as a thrown error counts:
// an element whose server render failed arrives as a lazy element whose chunk rejects with the
// error's digest (an error row of the payload). Text of the page, however much it looks like a
// digest, is a string and never read (docs/protocol.md).
import { isValidElement } from 'react'
import { type Interrupt, parseInterrupt } from '../wire/interrupts.ts'

type Redirect = Interrupt & { signal: 'redirect' }

const LAZY = Symbol.for('react.lazy')

interface LazyElement {
  $$typeof: symbol
  _payload: unknown
  _init: (payload: unknown) => unknown
}

function isLazy(node: unknown): node is LazyElement {
  return (
    typeof node === 'object' &&
    node !== null &&
    (node as { $$typeof?: unknown }).$$typeof === LAZY &&
    typeof (node as { _init?: unknown })._init === 'function'
  )
}

/**
 * The first redirect thrown in `node`'s elements that has arrived, in tree order. Parts still
 * streaming are skipped (a lazy still pending throws a thenable, not an error).
 */
export function thrownRedirectIn(node: unknown, seen = new Set<unknown>()): Redirect | undefined {
  if (typeof node !== 'object' || node === null || seen.has(node)) return undefined
  seen.add(node)
  if (Array.isArray(node)) {
    for (const child of node) {
      const found = thrownRedirectIn(child, seen)
      if (found) return found
    }
    return undefined
  }
  if (isLazy(node)) {
    let value: unknown
    try {
      value = node._init(node._payload)
    } catch (thrown) {
      const interrupt = parseInterrupt(thrown)
      return interrupt?.signal === 'redirect' ? interrupt : undefined
    }
    return thrownRedirectIn(value, seen)
  }
  if (isValidElement(node)) {
    const props = node.props as Record<string, unknown>
    for (const key of Object.keys(props)) {
      const found = thrownRedirectIn(props[key], seen)
      if (found) return found
    }
  }
  return undefined
}
