// React's server functions for a handler made in a test, as @vitejs/plugin-rsc/rsc.node wraps
// them in a build: React's Flight server for Node with a client manifest that maps any client
// reference id (`file#export`, client-references-plugin.ts) to itself, and its Flight client for
// "use cache" values read back on the server. Server functions are not bundled here: looking one
// up fails, as it does for an id of no module in a build.
import * as FlightClient from 'react-server-dom-webpack/client.node'
import * as Flight from 'react-server-dom-webpack/server.node'
import type { ReactServer } from '../../../src/framework/server/core-state.ts'

const clientManifest = new Proxy({} as Record<string, unknown>, {
  get(_target, key) {
    if (typeof key !== 'string') return undefined
    const hash = key.lastIndexOf('#')
    return { id: key.slice(0, hash), name: key.slice(hash + 1), chunks: [], async: true }
  },
})

/**
 * Reading a "use cache" payload back: these tests cache data and server-rendered elements; a
 * client component inside a cached one is the e2e tests' (plugin-rsc turns it back into a
 * client reference).
 */
const serverConsumerManifest = { moduleMap: {}, serverModuleMap: null, moduleLoading: null }

const noServerFunctions = new Proxy({} as Record<string, unknown>, {
  get(_target, key) {
    throw new Error(`No server function ${String(key)} in this test`)
  },
})

export const reactServer: ReactServer = {
  renderToPipeableStream: ((model: unknown, options?: unknown) =>
    Flight.renderToPipeableStream(
      model,
      clientManifest,
      options,
    )) as ReactServer['renderToPipeableStream'],
  createTemporaryReferenceSet:
    Flight.createTemporaryReferenceSet as ReactServer['createTemporaryReferenceSet'],
  decodeReply: ((body: string | FormData, options?: unknown) =>
    Flight.decodeReply(body, noServerFunctions, options)) as ReactServer['decodeReply'],
  decodeAction: ((body: FormData) =>
    Flight.decodeAction(body, noServerFunctions)) as ReactServer['decodeAction'],
  decodeFormState: ((result: unknown, body: FormData) =>
    Flight.decodeFormState(result, body, noServerFunctions)) as ReactServer['decodeFormState'],
  loadServerAction: (id: string) =>
    Promise.reject(new Error(`No server function ${id} in this test`)),
  renderToReadableStream: ((model: unknown, options?: unknown) =>
    Flight.renderToReadableStream(
      model,
      clientManifest,
      options,
    )) as ReactServer['renderToReadableStream'],
  encodeReply: FlightClient.encodeReply as ReactServer['encodeReply'],
  createClientTemporaryReferenceSet:
    FlightClient.createTemporaryReferenceSet as ReactServer['createClientTemporaryReferenceSet'],
  createFromReadableStream: ((stream: ReadableStream<Uint8Array>, options?: object) =>
    FlightClient.createFromReadableStream(stream, {
      serverConsumerManifest,
      ...options,
    })) as ReactServer['createFromReadableStream'],
}
