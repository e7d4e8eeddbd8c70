// Cache keys: which function (its identity) and which arguments (a stable serialization).
import { createHash } from 'node:crypto'

function hash(text: string): string {
  return createHash('sha256').update(text).digest('base64url')
}

/** Identities of the functions cached() returned, so that caching one again keys it apart. */
const wrappers = new WeakMap<object, string>()

export function rememberIdentity(wrapper: object, identity: string): void {
  wrappers.set(wrapper, identity)
}

/**
 * A function's identity in keys: its `key` option when given; otherwise where the cached() call
 * is (`site`: the module's path from the Vite root and the call's line and column, written in
 * by the framework's Vite plugin) with a hash of the function's source text. So two cached()
 * calls in different modules never share entries, every process of a deploy computes the same
 * identity (Redis entries are shared), and a changed function starts new entries. Without a
 * site (code the plugin did not transform), its name and source text stand in for it, and two
 * functions with the same name and text share entries.
 */
export function functionIdentity(
  fn: (...args: never[]) => unknown,
  key?: string,
  site?: string,
): string {
  if (key !== undefined) return `key:${key}`
  const source = hash(fn.toString()).slice(0, 16)
  if (site !== undefined) return `site:${site}:${source}`
  // A function returned by cached() has cached()'s source text, the same for all of them.
  const wrapped = wrappers.get(fn)
  if (wrapped !== undefined) return `cached(${wrapped})`
  return `fn:${fn.name || 'anonymous'}:${source}`
}

const ALLOWED =
  'strings, numbers, booleans, bigints, null, undefined, Dates, and arrays and plain objects of them'

class UnstableArgument extends Error {}

/**
 * The same text for equal arguments, whatever the order of their objects' keys. Only values with
 * an unambiguous text form are allowed: a class instance, Map, function or symbol would be keyed
 * by a guess, and two different values sharing a key would hand one caller another's result.
 */
function stable(value: unknown, path: string, ancestors: Set<object>): string {
  switch (typeof value) {
    case 'undefined':
      return 'u'
    case 'boolean':
      return value ? 't' : 'f'
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value)
    case 'bigint':
      return `${value}n`
    case 'string':
      return JSON.stringify(value)
    case 'function':
    case 'symbol':
      throw new UnstableArgument(`${path} is a ${typeof value}`)
  }
  if (value === null) return 'null'
  if (value instanceof Date) return `D${value.getTime()}`
  const object = value as object
  if (ancestors.has(object)) throw new UnstableArgument(`${path} refers back to itself`)
  ancestors.add(object)
  try {
    if (Array.isArray(object)) {
      return `[${Array.from(object, (item, i) => stable(item, `${path}[${i}]`, ancestors)).join(',')}]`
    }
    const prototype = Object.getPrototypeOf(object)
    if (prototype !== Object.prototype && prototype !== null) {
      const kind = prototype?.constructor?.name ?? 'object'
      throw new UnstableArgument(`${path} is an instance of ${kind}`)
    }
    const record = object as Record<string, unknown>
    // As in JSON, a property whose value is undefined counts as absent.
    const fields = Object.keys(record)
      .filter((name) => record[name] !== undefined)
      .sort()
      .map(
        (name) => `${JSON.stringify(name)}:${stable(record[name], `${path}.${name}`, ancestors)}`,
      )
    return `{${fields.join(',')}}`
  } finally {
    ancestors.delete(object)
  }
}

/** The arguments' part of a key; throws an error naming the function when it cannot be made. */
export function argumentsKey(args: readonly unknown[], name: string): string {
  try {
    return hash(stable(args, 'arguments', new Set()))
  } catch (error) {
    if (!(error instanceof UnstableArgument)) throw error
    throw new Error(
      `cached(${name}) cannot make a cache key of its arguments: ${error.message}. Pass only ${ALLOWED}.`,
    )
  }
}
