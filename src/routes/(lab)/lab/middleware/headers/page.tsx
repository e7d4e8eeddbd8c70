import { cookies, headers } from '#framework'

async function touch() {
  'use server'
}

/**
 * The request headers the middleware set, as the app reads them with headers(), and the cookie it
 * set on its answer, which cookies() reads in the same request (docs/middleware.md).
 */
export default async function MiddlewareHeaders() {
  const requestHeaders = await headers()
  const cookie = (await cookies()).get('lab-middleware')?.value ?? '(none)'
  return (
    <>
      <title>Middleware headers · Lab</title>
      <h1>Middleware headers</h1>
      <p data-testid="request-id">x-request-id: {requestHeaders.get('x-request-id') ?? '(none)'}</p>
      <p data-testid="middleware-cookie">lab-middleware cookie: {cookie}</p>
      <form action={touch}>
        <button type="submit">Post a server function</button>
      </form>
    </>
  )
}
