// The error React's Flight client raises when a payload stream ends early: only the side that
// reads payloads (the router and the boundaries, in the browser and during SSR) ever meets it,
// so it lives here and imports nothing. The rsc side never reads a payload and does not use it;
// should it ever need it, it must keep its own rather than import client/ (wire/ and server/
// import nothing of the client).

/**
 * React's Flight client rejects what was still pending when the payload stream ended early:
 * "Connection closed." in development, error #412 in production builds.
 */
export function isConnectionClosedError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return (
    error.message === 'Connection closed.' || /^Minified React error #412[;.]/.test(error.message)
  )
}
