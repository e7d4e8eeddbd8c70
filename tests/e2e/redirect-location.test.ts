// redirect() to a URL with non-ASCII characters (docs/errors.md): every answer that carries a
// Location header sends it percent-encoded, as HTTP requires, whether the redirect was thrown by
// a page, by a server function posted as a form without JavaScript, or by a route handler.
import { expect, test } from 'vitest'
import { setupProductionServer } from './support/index.ts'

const app = setupProductionServer()

/** The lab's UNICODE_REDIRECT_TARGET, `/lab/echo?q=café 漢字`, as it goes on the wire. */
const ENCODED_TARGET = '/lab/echo?q=caf%C3%A9%20%E6%BC%A2%E5%AD%97'

test('a page that redirects answers 307 with the Location percent-encoded', async () => {
  const response = await fetch(`${app.url}/lab/interrupt/unicode-redirect`, { redirect: 'manual' })
  expect(response.status).toBe(307)
  expect(response.headers.get('location')).toBe(ENCODED_TARGET)
})

test('a route handler that redirects answers 307 with the Location percent-encoded', async () => {
  const response = await fetch(`${app.url}/lab/handler/unicode-redirect`, { redirect: 'manual' })
  expect(response.status).toBe(307)
  expect(response.headers.get('location')).toBe(ENCODED_TARGET)
})

test('a form post whose server function redirects answers 303 with the Location percent-encoded', async () => {
  const html = await (await fetch(`${app.url}/lab/actions`)).text()
  const id = html.match(/name="\$ACTION_ID_([^"]+)"/)?.[1]
  expect(id, 'the lab page has a no-JS server function form').toBeDefined()
  const body = new FormData()
  body.append(`$ACTION_ID_${id}`, '')
  body.append('kind', 'unicode-redirect')
  const response = await fetch(`${app.url}/lab/actions`, {
    method: 'POST',
    body,
    redirect: 'manual',
  })
  expect(response.status).toBe(303)
  expect(response.headers.get('location')).toBe(ENCODED_TARGET)
})

test('following the redirect reaches the target with its query intact', async () => {
  const response = await fetch(`${app.url}/lab/interrupt/unicode-redirect`)
  expect(response.status).toBe(200)
  expect(new URL(response.url).searchParams.get('q')).toBe('café 漢字')
})
