// The app's middleware under the dev server (docs/middleware.md): the requests Vite's server
// hands the framework are another class than Node's own Request (srvx's), and a rewrite, request
// headers passed on and a posted body must reach the route all the same.
import { expect, test } from 'vitest'
import { setupDevServer } from './support/index.ts'

const dev = setupDevServer()

const get = (path: string, init?: RequestInit) =>
  // The first request compiles the app on demand.
  fetch(`${dev.url}${path}`, { redirect: 'manual', signal: AbortSignal.timeout(90_000), ...init })

test('rewrites, redirects, request headers and posted bodies under the dev server', async () => {
  const rewritten = await get('/lab/middleware/alias/one')
  expect(rewritten.status).toBe(200)
  expect(await rewritten.text()).toContain('usePathname(): <!-- -->/lab/middleware/alias/one')

  const redirected = await get('/note/5')
  expect(redirected.status).toBe(308)
  expect(new URL(redirected.headers.get('location')!).pathname).toBe('/notes/5')

  const headers = await get('/lab/middleware/headers')
  const id = headers.headers.get('x-request-id')
  expect(await headers.text()).toContain(`x-request-id: <!-- -->${id}`)

  const posted = await get('/api/notes', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'garden' }),
  })
  expect(posted.status).toBe(200)
  expect(posted.headers.get('x-request-id')).not.toBeNull()
  expect(await posted.json()).toMatchObject({ query: 'garden' })
})
