// Server errors: the digest that ties what a user sees to the server log, and the one log line.
import { devErrorText, frameOf } from './dev-server.ts'
import { parseInterrupt } from './interrupts.ts'
import { CACHE_CONTROL_PRIVATE, CONTENT_TYPE_TEXT } from './protocol.ts'

function hasDigest(error: unknown): error is { digest: string } {
  return (
    typeof error === 'object' &&
    error !== null &&
    'digest' in error &&
    typeof error.digest === 'string'
  )
}

/** FNV-1a, 32 bits, as a decimal string: short, stable across processes, no crypto needed. */
export function hashDigest(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return String(hash >>> 0)
}

export function digestOf(error: unknown): string {
  if (hasDigest(error)) return error.digest
  if (error instanceof Error) return hashDigest(`${error.message}\n${error.stack ?? ''}`)
  return hashDigest(String(error))
}

const logged = new WeakSet<object>()

/** How a server error's log line begins: the build tells the lines it holds by it (build/). */
export const SERVER_ERROR_PREFIX = '[server error]'

/**
 * React's `onError` for the rsc environment: logs the error once with its digest and returns the
 * digest, which React sends to the client in place of the message in production.
 */
export function reportServerError(error: unknown): string {
  const digest = digestOf(error)
  if (parseInterrupt(error)) return digest // control flow, not a failure
  if (typeof error === 'object' && error !== null) {
    if (logged.has(error)) return digest
    logged.add(error)
  }
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error)
  // A code frame (development: server/dev-errors.ts) follows the stack, as Vite prints its own.
  const frame = frameOf(error)
  console.error(`${SERVER_ERROR_PREFIX} digest=${digest}\n${detail}${frame ? `\n${frame}` : ''}`)
  return digest
}

/**
 * For errors met after the RSC render (React DOM's `onError` during SSR, a failed shell): one
 * that already has a digest came out of the RSC payload and was logged where it was thrown;
 * anything else (a client component failing during SSR) is logged here.
 */
export function reportUnloggedError(error: unknown): string {
  if (hasDigest(error)) return error.digest
  return reportServerError(error)
}

/**
 * Why a server component may not call a client hook (`useState`, `useEffect`, …): React's server
 * build has none, so the call would fail as `useState is not a function`. `file` is relative to
 * the app's root; the framework's Vite plugin puts this message where the hook was imported.
 */
export function serverComponentHookMessage(hook: string, file: string): string {
  return (
    `${hook} is a client hook, and ${file} is a server component: a module without 'use client' ` +
    `at its top runs on the server, where ${hook} does not exist. Add 'use client' at the top of ` +
    `${file} to make it a client component, or move the part that calls ${hook} into a client ` +
    `component of its own and render that here.`
  )
}

/**
 * A function passed by a server component to what renders in the browser: an event handler of
 * an HTML element, or a prop of a client component. `element` is `<button>` or `<Counter>`,
 * `at` where it is written (`src/routes/page.tsx:12`).
 */
export function serverComponentFunctionPropMessage(
  prop: string,
  element: string,
  at: string,
  clientComponent: boolean,
): string {
  const file = at.replace(/:\d+$/, '')
  const what = clientComponent
    ? `a function as the prop ${prop} of the client component ${element}`
    : /^on[A-Z]/.test(prop)
      ? `the event handler ${prop} of ${element}`
      : `a function as the prop ${prop} of ${element}`
  return (
    `${at} passes ${what}, and ${file} is a server component: functions do not travel from the ` +
    `server to the browser. Add 'use client' at the top of ${file} to make it a client ` +
    `component, or move ${element} with its ${prop} into a client component of its own. A ` +
    `function that should run on the server is a server function: mark it with 'use server'.`
  )
}

/**
 * A value that is not plain data passed by a server component to what renders in the browser:
 * an instance of a class (`Note`) as a prop of an HTML element or a client component. `prop`
 * is its path (`note`, `data.author`), `element` and `at` as for functions.
 */
export function serverComponentValuePropMessage(
  prop: string,
  className: string,
  element: string,
  at: string,
  clientComponent: boolean,
): string {
  const file = at.replace(/:\d+$/, '')
  const target = clientComponent ? `the client component ${element}` : element
  return (
    `${at} passes an instance of ${className} as the prop ${prop} of ${target}, and ${file} is a ` +
    `server component: only plain objects, arrays and a few built-ins (Date, Map, Set, typed ` +
    `arrays, promises) travel from the server to the browser, not class instances. Pass plain ` +
    `data instead (the fields ${element} needs, as an object of their own), or create the ` +
    `${className} in a client component.`
  )
}

/**
 * A page, layout or other component file of the routes folder without a default export: the
 * framework renders a segment's default export only. `file` is relative to the routes folder,
 * `exported` what the module exports instead (a named component is the likely mistake).
 */
export function missingDefaultExportMessage(file: string, exported: readonly string[]): string {
  const role = (file.split('/').at(-1) ?? file).replace(/\.[^.]+$/, '')
  const name = role.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())
  const component = exported.find((e) => /^[A-Z]/.test(e))
  const fix = component
    ? `make ${component} its default export: "export default function ${component}() { … }"`
    : `add "export default function ${name}() { … }" to it`
  const has = exported.length > 0 ? `it exports only ${exported.join(', ')}` : 'it exports nothing'
  return (
    `${file} (in the routes folder) has no default export, and a ${role} file must default-export ` +
    `the React component that renders it (${has}). To fix it, ${fix}.`
  )
}

/**
 * A module that runs only on the server imported into client code. `chain` is the import chain
 * from the client module down to the importer of `imported`, which is a file of the app's data
 * layer, a Node.js built-in (`node:fs`), or `server-only` (then the last of `chain` is the
 * module that marked itself server-only).
 */
export function serverOnlyImportMessage(chain: readonly string[], imported: string): string {
  const marked = imported === 'server-only'
  const serverModule = marked ? chain.at(-1)! : imported
  const path = (marked ? chain : [...chain, imported]).join(' → ')
  const why = marked
    ? "which imports 'server-only'"
    : /^node:/.test(imported)
      ? 'a Node.js built-in module'
      : 'which runs only on the server'
  return (
    `${chain[0]} is client code, and it imports ${serverModule} (${why}): ${path}. Client code ` +
    `runs in the browser, where the server's modules (the data layer, node:fs, whatever imports ` +
    `'server-only') cannot run. Read the data in a server component and pass the client ` +
    `component what it needs as props, or call a server function ('use server') from it.`
  )
}

/**
 * An export of a `'use server'` module that is not an async function: each export of such a
 * module is a server function. `what` says what it is instead (`a class`, `a value`, …).
 */
export function serverFunctionExportMessage(file: string, name: string, what: string): string {
  const shown = name === 'default' ? 'its default export' : name
  return (
    `${file} starts with 'use server', so each of its exports is a server function and must be ` +
    `an async function, but ${shown} is ${what}. Make ${shown} an async function, or move it to ` +
    `a module without 'use server' and import it from there.`
  )
}

/** What a client is told of a server error in production; the digest leads to the log line. */
/** `ImageResponse` is made on Node only (og.workers.ts). */
export function imageResponseOnWorkersMessage(): string {
  return (
    'ImageResponse (#framework/og) cannot make images on Cloudflare Workers: serve a static ' +
    'opengraph-image.png instead, or make the image on Node (docs/metadata.md, "Images made from code").'
  )
}

export const PRODUCTION_ERROR_MESSAGE =
  'A server error occurred. Its details are in the server log, under the digest shown with it.'

/** The reason phrase of every 500 the framework answers. */
export const INTERNAL_SERVER_ERROR = 'Internal Server Error'

/**
 * The answer to a request that failed outside a render (a route module that did not load, a
 * handler that threw or returned no Response): logged once, then 500 with only the digest; in
 * development (`dev`) the body adds the message and the stack.
 */
export function internalServerErrorResponse(error: unknown, dev = false): Response {
  const digest = reportServerError(error)
  return serverErrorResponse(digest, dev ? devErrorText(error) : undefined)
}

/** A 500 in plain text: its digest, and in development what `detail` says of the error. */
export function serverErrorResponse(digest: string, detail?: string): Response {
  const shown = detail === undefined ? '' : `\n${detail}\n`
  return new Response(`${INTERNAL_SERVER_ERROR} (digest ${digest})\n${shown}`, {
    status: 500,
    statusText: INTERNAL_SERVER_ERROR,
    headers: { 'content-type': CONTENT_TYPE_TEXT, 'cache-control': CACHE_CONTROL_PRIVATE },
  })
}

/**
 * A request no route matches, by a method other than GET and HEAD (those get the not-found
 * screen): 404 whatever the method, as a URL with nothing at it takes none (docs/protocol.md).
 */
export function noRouteResponse(pathname: string): Response {
  return new Response(`No route matches ${pathname}.\n`, {
    status: 404,
    // Its body is never read: the connection closes rather than read what is left of it.
    headers: { 'content-type': CONTENT_TYPE_TEXT, connection: 'close' },
  })
}

/** Any method but GET, HEAD and POST on a page URL. */
export function wrongMethodResponse(method: string, pathname: string): Response {
  return new Response(`Method ${method} is not allowed on ${pathname}.`, {
    status: 405,
    headers: { allow: 'GET, HEAD, POST', 'content-type': CONTENT_TYPE_TEXT },
  })
}

/**
 * A refusal, sent before the body was read (or all of it): the connection closes after it, so
 * the rest of a large upload is neither read nor mistaken for the connection's next request.
 */
export function refuse(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'content-type': CONTENT_TYPE_TEXT, connection: 'close' },
  })
}

/** 413 for a body past `limit` bytes: `refused` says what refused it, `setting` the option. */
export function bodyTooLargeResponse(refused: string, limit: number, setting: string): Response {
  return refuse(413, `${refused}: the request body is larger than ${limit} bytes (${setting}).`)
}

/** 400 for a request naming a host that allowedHosts does not accept (server/core.ts). */
export function hostNotAllowedResponse(host: string): Response {
  return refuse(
    400,
    `Bad Request: the host ${JSON.stringify(host)} is not allowed. To allow it, add it to allowedHosts (ALLOWED_HOSTS).`,
  )
}
