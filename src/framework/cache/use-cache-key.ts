// The key of a "use cache" call: its arguments as React encodes them for a server function
// (encodeReply), hashed. Elements and client references are kept as temporary references, so a
// cached component's `children` are passed through, not keyed. Values React would keep as opaque
// references too (a function, a class instance) are refused here with an error naming the
// argument: the cached function could not read them, and they would not be in its key.
import { createHash } from 'node:crypto'

const CLIENT_REFERENCE = Symbol.for('react.client.reference')
const SERVER_REFERENCE = Symbol.for('react.server.reference')
const ELEMENTS = new Set([
  Symbol.for('react.transitional.element'),
  Symbol.for('react.element'),
  Symbol.for('react.lazy'),
])

const ALLOWED =
  'strings, numbers, booleans, bigints, null, undefined, Dates, Maps, Sets, typed arrays, promises, and arrays and plain objects of them; React elements (children) and client components, which are passed through'

class UnkeyableArgument extends Error {}

/** Elements, client components and server functions: passed as references, never keyed. */
function isReference(value: object): boolean {
  const type = (value as { $$typeof?: unknown }).$$typeof
  return type === CLIENT_REFERENCE || type === SERVER_REFERENCE || ELEMENTS.has(type as symbol)
}

const PASSED_AS_IS = [Date, ArrayBuffer, DataView, Blob, Promise]

function check(value: unknown, path: string, seen: Set<object>): void {
  if (typeof value === 'symbol' && Symbol.keyFor(value) === undefined) {
    throw new UnkeyableArgument(`${path} is a symbol not made by Symbol.for()`)
  }
  if (typeof value !== 'object' && typeof value !== 'function') return
  if (value === null || isReference(value) || seen.has(value)) return
  if (typeof value === 'function') throw new UnkeyableArgument(`${path} is a function`)
  seen.add(value)
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) check(item, `${path}[${i}]`, seen)
    return
  }
  if (value instanceof Map) {
    for (const [key, item] of value) {
      check(key, `${path} (a key)`, seen)
      check(item, `${path}.get(${String(key)})`, seen)
    }
    return
  }
  if (value instanceof Set) {
    for (const item of value) check(item, `${path} (an item)`, seen)
    return
  }
  if (PASSED_AS_IS.some((kind) => value instanceof kind) || ArrayBuffer.isView(value)) return
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) {
    throw new UnkeyableArgument(
      `${path} is an instance of ${prototype?.constructor?.name ?? 'a class'}`,
    )
  }
  for (const [name, item] of Object.entries(value)) check(item, `${path}.${name}`, seen)
}

/** Throws an error naming the function and the argument when `args` cannot make a key. */
export function checkCacheArguments(args: readonly unknown[], label: string): void {
  try {
    check(args, 'arguments', new Set())
  } catch (error) {
    if (!(error instanceof UnkeyableArgument)) throw error
    throw new Error(
      `${label} cannot make a cache key of its arguments: ${error.message}. Pass only ${ALLOWED}.`,
    )
  }
}

/** A stable hash of what encodeReply() made: the same arguments give the same key everywhere. */
export async function replyKey(reply: string | FormData): Promise<string> {
  const hash = createHash('sha256')
  if (typeof reply === 'string') return hash.update(reply).digest('base64url')
  // Its parts in order (their names are numbered by React), not the multipart body, whose
  // boundary is random.
  for (const [name, value] of reply) {
    hash.update(`${name.length}:${name}`)
    if (typeof value === 'string') hash.update(`s${value.length}:${value}`)
    else hash.update(`b${value.size}:`).update(new Uint8Array(await value.arrayBuffer()))
  }
  return hash.digest('base64url')
}
