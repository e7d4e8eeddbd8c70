import { headers } from '#framework'

async function touch() {
  'use server'
}

/** The request headers the middleware set, as the app reads them with headers(). */
export default async function MiddlewareHeaders() {
  const requestHeaders = await headers()
  return (
    <>
      <title>Middleware headers · Lab</title>
      <h1>Middleware headers</h1>
      <p data-testid="request-id">x-request-id: {requestHeaders.get('x-request-id') ?? '(none)'}</p>
      <form action={touch}>
        <button type="submit">Post a server function</button>
      </form>
    </>
  )
}
