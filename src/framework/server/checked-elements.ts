// Development only: the element factories (`jsxDEV`, `jsx`, `jsxs`) of a server component's
// module, wrapped so that a function passed to what renders in the browser (an HTML element's
// `onClick`, a client component's prop) throws where it is written, naming the file, the line,
// the prop and the fix (wire/errors.ts). React would refuse it later, while serialising the
// payload, with a message that names neither the file nor the line. vite/server-component-props.ts
// puts the wrapper in place.
import { serverComponentFunctionPropMessage } from '../wire/errors.ts'

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

/** `create` that throws first when `props` gives the browser a function (`file` says whose). */
export function checkedElementFactory(create: ElementFactory, file: string): ElementFactory {
  return (type, props, ...rest) => {
    const element = browserElementName(type)
    if (element !== undefined && typeof props === 'object' && props !== null) {
      for (const [prop, value] of Object.entries(props)) {
        if (prop === 'children' || typeof value !== 'function') continue
        // React's references (server functions, client components) travel as references.
        if (typeOf(value) !== undefined) continue
        const line = lineOf(rest)
        const at = line === undefined ? file : `${file}:${line}`
        throw new Error(
          serverComponentFunctionPropMessage(prop, element, at, typeof type !== 'string'),
        )
      }
    }
    return create(type, props, ...rest)
  }
}
