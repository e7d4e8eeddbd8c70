// The one function the tests use from React's Flight client (the package ships no types): the
// encoding a browser's callServer() gives a server function's arguments.
declare module 'react-server-dom-webpack/client.edge' {
  export function encodeReply(value: unknown): Promise<string | FormData>
}
