// Cached values are stored as bytes made by node:v8 (the structured clone format): the same form
// in memory and in Redis, a size to bound the in-memory cache by, and a fresh copy for every
// caller, so that no request can change the value another request gets.
import { deserialize, serialize } from 'node:v8'

export function toBytes(value: unknown, name: string): Uint8Array {
  try {
    return serialize(value)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(
      `cached(${name}) returned a value that cannot be cached (${reason}). Return data that node:v8 can serialize: primitives, plain objects, arrays, Dates, Maps, Sets, typed arrays; not functions, symbols, promises or React elements.`,
      { cause: error },
    )
  }
}

export function fromBytes<T>(bytes: Uint8Array): T {
  return deserialize(bytes) as T
}
