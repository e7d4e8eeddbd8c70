// What the core tests use of React's Flight server for Node (the package ships no types).
declare module 'react-server-dom-webpack/server.node' {
  export function renderToPipeableStream(
    model: unknown,
    clientManifest: unknown,
    options?: unknown,
  ): { pipe<T extends NodeJS.WritableStream>(destination: T): T; abort(reason?: unknown): void }
  export function renderToReadableStream(
    model: unknown,
    clientManifest: unknown,
    options?: unknown,
  ): ReadableStream<Uint8Array>
  export function registerClientReference<T>(proxy: T, id: string, name: string): T
  export function createTemporaryReferenceSet(): unknown
  export function decodeReply(
    body: string | FormData,
    serverManifest: unknown,
    options?: unknown,
  ): Promise<unknown>
  export function decodeAction(
    body: FormData,
    serverManifest: unknown,
  ): Promise<() => unknown> | null
  export function decodeFormState(
    result: unknown,
    body: FormData,
    serverManifest: unknown,
  ): Promise<unknown>
}

// Its Flight client, which reads "use cache" values back on the server.
declare module 'react-server-dom-webpack/client.node' {
  export function encodeReply(value: unknown, options?: unknown): Promise<string | FormData>
  export function createTemporaryReferenceSet(): unknown
  export function createFromReadableStream<T>(
    stream: ReadableStream<Uint8Array>,
    options?: unknown,
  ): Promise<T>
}
