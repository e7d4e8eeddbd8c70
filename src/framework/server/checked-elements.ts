// Development only: the element factories (`jsxDEV`, `jsx`, `jsxs`) of a server component's
// module, wrapped so that a function or a class instance passed to what renders in the browser
// (an HTML element's `onClick`, a client component's prop) throws where it is written, naming
// the file, the line, the prop and the fix (wire/errors.ts). React would refuse it later, while
// serialising the payload, with a message that names neither the file nor the line.
// vite/server-component-props.ts puts the wrapper in place.
import {
  serverComponentFunctionPropMessage,
  serverComponentValuePropMessage,
} from '../wire/errors.ts'

const CLIENT_REFERENCE = Symbol.for('react.client.reference')

type ElementFactory = (type: unknown, props: Record<string, unknown>, ...rest: unknown[]) => unknown

const typeOf = (value: unknown): unknown =>
  (typeof value === 'function' || (typeof value === 'object' && value !== null)) &&
  '$$typeof' in value
    ? value.$$typeof
    : undefined

/** What the browser renders: an HTML element (by its tag) or a client component. */
function browserElementName(type: unknown): string | undefined {
  if (typeof type === 'string') return `<${type}>`
  if (typeOf(type) !== CLIENT_REFERENCE) return undefined
  const name = (type as { $$id?: unknown }).$$id
  const exported = typeof name === 'string' ? name.slice(name.lastIndexOf('#') + 1) : ''
  return `<${exported === '' || exported === 'default' ? 'ClientComponent' : exported}>`
}

/** The line jsxDEV was given (its fifth argument), if any. */
function lineOf(rest: unknown[]): number | undefined {
  const source = rest[2]
  if (typeof source !== 'object' || source === null || !('lineNumber' in source)) return undefined
  return typeof source.lineNumber === 'number' ? source.lineNumber : undefined
}

/**
 * What React cannot send of `value` (a prop, or what a plain object or array in it holds, down
 * to `depth` levels): the path to the first class instance and its class's name. React sends
 * plain objects, arrays, and the built-ins below; it refuses any other class's instance.
 */
function classInstanceIn(
  value: unknown,
  path: string,
  depth = 3,
): { path: string; className: string } | undefined {
  if (typeof value !== 'object' || value === null || typeOf(value) !== undefined) return undefined
  const prototype = Object.getPrototypeOf(value)
  if (prototype === Object.prototype || prototype === null || Array.isArray(value)) {
    if (depth === 0) return undefined
    for (const [key, item] of Object.entries(value)) {
      const found = classInstanceIn(
        item,
        Array.isArray(value) ? `${path}[${key}]` : `${path}.${key}`,
        depth - 1,
      )
      if (found) return found
    }
    return undefined
  }
  if (isSentByReact(value)) return undefined
  return { path, className: prototype?.constructor?.name || 'a class' }
}

/** The built-ins React sends as they are: dates, collections, binary data, promises, streams. */
function isSentByReact(value: object): boolean {
  return (
    value instanceof Date ||
    value instanceof Map ||
    value instanceof Set ||
    value instanceof ArrayBuffer ||
    ArrayBuffer.isView(value) ||
    (typeof Blob !== 'undefined' && value instanceof Blob) ||
    (typeof FormData !== 'undefined' && value instanceof FormData) ||
    (typeof ReadableStream !== 'undefined' && value instanceof ReadableStream) ||
    // An Error (React's development build sends it), a value with toJSON (JSON makes it plain),
    // a thenable, an iterable: left to React.
    value instanceof Error ||
    typeof (value as { toJSON?: unknown }).toJSON === 'function' ||
    typeof (value as { then?: unknown }).then === 'function' ||
    Symbol.iterator in value ||
    Symbol.asyncIterator in value
  )
}

/**
 * `create` that throws first when `props` gives the browser what it cannot have, a function or
 * an instance of a class (`file` says whose).
 */
export function checkedElementFactory(create: ElementFactory, file: string): ElementFactory {
  return (type, props, ...rest) => {
    const element = browserElementName(type)
    if (element !== undefined && typeof props === 'object' && props !== null) {
      const at = () => {
        const line = lineOf(rest)
        return line === undefined ? file : `${file}:${line}`
      }
      const client = typeof type !== 'string'
      for (const [prop, value] of Object.entries(props)) {
        if (prop === 'children') continue
        // React's references (server functions, client components) travel as references.
        if (typeof value === 'function' && typeOf(value) === undefined) {
          throw new Error(serverComponentFunctionPropMessage(prop, element, at(), client))
        }
        const instance = classInstanceIn(value, prop)
        if (instance) {
          throw new Error(
            serverComponentValuePropMessage(
              instance.path,
              instance.className,
              element,
              at(),
              client,
            ),
          )
        }
      }
    }
    return create(type, props, ...rest)
  }
}
