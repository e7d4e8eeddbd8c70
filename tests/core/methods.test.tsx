// Which status a method gets at a URL (docs/protocol.md, "Status codes"): 404 at a URL no route
// matches, whatever the method; 405 where a page is, for what a page does not take.
import { describe, expect, it } from 'vitest'
import { toPayloadUrl } from '../../src/framework/wire/protocol.ts'
import { makeHandler, RootLayout, startHtmlRendererForFile } from './support/app.tsx'

const html = startHtmlRendererForFile()

const modules = {
  'layout.tsx': { default: RootLayout },
  'about/page.tsx': { default: () => <p>About</p> },
}

function send(method: string, path: string, body?: BodyInit, contentType?: string) {
  const headers: Record<string, string> = contentType ? { 'content-type': contentType } : {}
  return makeHandler(
    html,
    modules,
  )(new Request(new URL(path, 'http://app.test'), { method, headers, body }))
}

const JSON_BODY = ['{"a":1}', 'application/json'] as const
const FORM_BODY = ['a=1', 'application/x-www-form-urlencoded'] as const

describe('a URL no route matches', () => {
  it('answers 404 to every method', async () => {
    expect((await send('GET', '/nowhere')).status).toBe(404)
    expect((await send('POST', '/nowhere', ...JSON_BODY)).status).toBe(404)
    // A form encoding without a server function's fields is no form post either.
    expect((await send('POST', '/nowhere', ...FORM_BODY)).status).toBe(404)
    expect((await send('PUT', '/nowhere', ...JSON_BODY)).status).toBe(404)
    expect((await send('DELETE', '/nowhere')).status).toBe(404)
    expect((await send('PUT', toPayloadUrl('/nowhere'), ...JSON_BODY)).status).toBe(404)
    const response = await send('PATCH', '/nowhere', ...JSON_BODY)
    expect(response.status).toBe(404)
    expect(await response.text()).toBe('No route matches /nowhere.\n')
  })
})

describe('a page', () => {
  it('answers 405 to a post that is no form of it, and to other methods', async () => {
    expect((await send('GET', '/about')).status).toBe(200)
    expect((await send('POST', '/about', ...JSON_BODY)).status).toBe(405)
    expect((await send('POST', '/about', ...FORM_BODY)).status).toBe(405)
    const put = await send('PUT', '/about', ...JSON_BODY)
    expect(put.status).toBe(405)
    expect(put.headers.get('allow')).toBe('GET, HEAD, POST')
  })
})
