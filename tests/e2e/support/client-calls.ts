// Server functions as a browser calls them (docs/security.md): the id that the client bundle
// holds, the arguments encoded by React's encodeReply, a POST to the page's payload URL with the
// id in `x-rsc-action`. Also signing in to the app's demo accounts that way.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { encodeReply } from 'react-server-dom-webpack/client.edge'
import { HEADER_ACTION_ID, toPayloadUrl } from '../../../src/framework/wire/protocol.ts'
import { CLIENT_ASSETS_DIR } from './paths.ts'
import { sessionCookieOf } from './server-functions.ts'

/**
 * The id of the server function exported as `name` that a client component imports: the
 * client bundle carries it as a string literal `"<file id>#<name>"`, as a browser receives it.
 */
export function serverFunctionId(name: string): string {
  const pattern = new RegExp(`["'\`]([\\w$-]+#${name})["'\`]`)
  for (const file of readdirSync(CLIENT_ASSETS_DIR)) {
    if (!file.endsWith('.js')) continue
    const match = pattern.exec(readFileSync(join(CLIENT_ASSETS_DIR, file), 'utf8'))
    if (match) return match[1]!
  }
  throw new Error(`No client bundle in ${CLIENT_ASSETS_DIR} references a server function ${name}.`)
}

/** The arguments as the browser's callServer() sends them: a string, or FormData for files and forms. */
export function encodeArguments(args: unknown[]): Promise<string | FormData> {
  return encodeReply(args)
}

export interface CallOptions {
  /** Cookie header to send (e.g. a session). */
  cookie?: string
  headers?: Record<string, string>
}

/** Calls the server function `id` from the page at `pagePath`, as callServer() does. */
export async function callServerFunction(
  origin: string,
  pagePath: string,
  id: string,
  args: unknown[],
  options: CallOptions = {},
): Promise<Response> {
  return fetch(origin + toPayloadUrl(pagePath), {
    method: 'POST',
    headers: {
      [HEADER_ACTION_ID]: id,
      accept: 'text/x-component',
      ...(options.cookie ? { cookie: options.cookie } : {}),
      ...options.headers,
    },
    body: await encodeArguments(args),
    redirect: 'manual',
  })
}

/** Signs in through the app's sign-in server function; resolves with the `session=…` cookie. */
export async function signIn(origin: string, username: string, password: string): Promise<string> {
  const form = new FormData()
  form.set('username', username)
  form.set('password', password)
  form.set('next', '/account')
  const response = await callServerFunction(origin, '/sign-in', serverFunctionId('signInAction'), [
    { username: '' },
    form,
  ])
  await response.arrayBuffer()
  const session = sessionCookieOf(response)
  if (response.status !== 200 || !session) {
    throw new Error(`Signing in as ${username} failed: ${response.status}, no session cookie.`)
  }
  return session
}
