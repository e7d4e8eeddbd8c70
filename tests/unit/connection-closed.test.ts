// The client recognises the error React's Flight client raises when a payload stream ends early
// (docs/errors.md): the router and the boundaries show the connection-closed notice for it.
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isConnectionClosedError } from '../../src/framework/client/connection-closed.ts'

// React's Flight client for the browser, as the app's client bundle uses it (the copy vendored by
// @vitejs/plugin-rsc), in its development and production builds.
const FLIGHT_CLIENT_DIR = join(
  fileURLToPath(new URL('../../', import.meta.url)),
  'node_modules/@vitejs/plugin-rsc/dist/vendor/react-server-dom/cjs',
)

interface FlightClient {
  createFromReadableStream(stream: ReadableStream<Uint8Array>): Promise<unknown>
}

function loadFlightClient(build: 'development' | 'production'): FlightClient {
  const require = createRequire(import.meta.url)
  return require(
    join(FLIGHT_CLIENT_DIR, `react-server-dom-webpack-client.browser.${build}.js`),
  ) as FlightClient
}

/**
 * The error a Flight client gives a part of the page that was still to come when the payload
 * stream ended: the root row arrived, the row it refers to never did.
 */
async function errorOfTruncatedPayload(client: FlightClient): Promise<unknown> {
  const rows = '0:{"late":"$L1"}\n'
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(rows))
      controller.close()
    },
  })
  const root = (await client.createFromReadableStream(stream)) as {
    late: { _payload: PromiseLike<unknown> }
  }
  // A lazy element: React reads its payload when it renders it.
  return new Promise((resolve) => {
    root.late._payload.then(
      () => resolve(new Error('the truncated part resolved')),
      (error: unknown) => resolve(error),
    )
  })
}

describe('isConnectionClosedError', () => {
  beforeAll(() => {
    // The browser builds look these up when loaded; nothing here loads a module through them.
    vi.stubGlobal('__webpack_require__', { u: () => '' })
    vi.stubGlobal('__webpack_chunk_load__', () => Promise.resolve())
  })

  afterAll(() => {
    vi.unstubAllGlobals()
  })

  it('recognises the error of a payload stream that ended early', () => {
    expect(isConnectionClosedError(new Error('Connection closed.'))).toBe(true)
  })

  it('does not mistake other errors or values for it', () => {
    expect(isConnectionClosedError(new Error('The lab server component failed.'))).toBe(false)
    expect(isConnectionClosedError(new Error('connection closed'))).toBe(false)
    expect(isConnectionClosedError(Object.assign(new Error('x'), { digest: '1' }))).toBe(false)
    expect(isConnectionClosedError('Connection closed.')).toBe(false)
    expect(isConnectionClosedError({ message: 'Connection closed.' })).toBe(false)
    expect(isConnectionClosedError(null)).toBe(false)
  })

  it("recognises the error of React's development Flight client", async () => {
    const error = await errorOfTruncatedPayload(loadFlightClient('development'))
    expect(error).toBeInstanceOf(Error)
    expect(isConnectionClosedError(error)).toBe(true)
  })

  it("recognises the error of React's production Flight client (what users' browsers run)", async () => {
    const error = await errorOfTruncatedPayload(loadFlightClient('production'))
    expect(error).toBeInstanceOf(Error)
    // The production build minifies its messages: this one reads "Minified React error #412".
    expect(isConnectionClosedError(error), String((error as Error).message)).toBe(true)
  })
})
