// Cached values as bytes on Cloudflare Workers (`#framework/cache-value` under the `workerd`
// condition), where node:v8's serialize() is not implemented. devalue keeps what value.ts keeps
// on Node: primitives (`undefined` and bigints included), plain objects, arrays, Date, RegExp,
// Map, Set, ArrayBuffer and typed arrays, cycles and shared references; Errors and class instances
// as node:v8 gives them back (an Error of the same name and message; a plain object). Functions,
// symbols and promises are refused, so a call caches on Workers what it caches on Node.
import { parse, stringify } from 'devalue'

const tagOf = (value: unknown) => Object.prototype.toString.call(value)

/** An object of a class: copied as a plain object, as node:v8 copies it. */
function isClassInstance(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || tagOf(value) !== '[object Object]') {
    return false
  }
  const prototype: unknown = Object.getPrototypeOf(value)
  return prototype !== Object.prototype && prototype !== null
}

const reducers = {
  Error: (value: unknown) =>
    value instanceof Error && [value.name, value.message, value.stack ?? ''],
  Instance: (value: unknown) => isClassInstance(value) && { ...value },
}

const revivers = {
  Error: ([name, message, stack]: [string, string, string]) => {
    const error = new Error(message)
    error.name = name
    error.stack = stack
    return error
  },
  Instance: (value: Record<string, unknown>) => value,
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export function toBytes(value: unknown, name: string): Uint8Array {
  try {
    return encoder.encode(stringify(value, reducers))
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(
      `cached(${name}) returned a value that cannot be cached (${reason}). Return data: primitives, plain objects, arrays, Dates, Maps, Sets, typed arrays; not functions, symbols, promises or React elements.`,
      { cause: error },
    )
  }
}

export function fromBytes<T>(bytes: Uint8Array): T {
  return parse(decoder.decode(bytes), revivers) as T
}
