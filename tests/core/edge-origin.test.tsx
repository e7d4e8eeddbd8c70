// What holds at the edge (docs/security.md): a page kept for everyone is rendered against the
// handler's configured origin, never the Host or request target of the visitor whose request
// started its render; and a host `allowedHosts` does not accept gets 400 from the handler itself.
// Pages have no API that shows their URL, so the page here reads the framework's own request
// store (server/request-store.ts): the URL its render was given.
import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/framework/config.ts'
import { maybeStore } from '../../src/framework/request/store.ts'
import {
  documentRequest,
  type Modules,
  makeHandler,
  payloadRequest,
  RootLayout,
  startHtmlRendererForFile,
  visibleHtml,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

const ORIGIN = 'https://notebook.example'

/** A static page that shows the URL its render saw. */
const modules: Modules = {
  'layout.tsx': { default: RootLayout },
  'page.tsx': { default: () => <p>{`rendered for ${maybeStore()?.request.url}`}</p> },
}

/** The same request from a visitor who names `host` (a forged Host, an absolute-form target). */
function fromHost(request: Request, host: string): Request {
  const url = new URL(request.url)
  url.host = host
  return new Request(url, { headers: request.headers })
}

describe('a static page is rendered against the configured origin', () => {
  it.each([
    ['document', documentRequest],
    ['payload', payloadRequest],
  ])('its %s, first asked for by a visitor naming another host', async (_, requestOf) => {
    const handler = makeHandler(html, modules, { config: resolveConfig({ origin: ORIGIN }) })
    const forged = await handler(fromHost(requestOf('/'), 'evil.example'))
    expect(forged.status).toBe(200)
    const later = await (await handler(requestOf('/'))).text()
    expect(later).toContain(`${ORIGIN}/`)
    expect(later).not.toContain('evil.example')
    expect(later).not.toContain('app.test')
  })

  it('the default origin is a fixed name, never the request’s', async () => {
    const handler = makeHandler(html, modules)
    await handler(fromHost(documentRequest('/'), 'evil.example'))
    const later = visibleHtml(await (await handler(documentRequest('/'))).text())
    expect(later).toContain('rendered for http://localhost/')
  })
})

describe('allowedHosts', () => {
  const page: Modules = {
    'layout.tsx': { default: RootLayout },
    'page.tsx': { default: () => 'ok' },
  }
  const handlerWith = (options: Parameters<typeof resolveConfig>[0]) =>
    makeHandler(html, page, { config: resolveConfig({ origin: ORIGIN, ...options }) })

  it('empty (the default): every host is served', async () => {
    const response = await handlerWith({})(fromHost(documentRequest('/'), 'any.example'))
    expect(response.status).toBe(200)
  })

  it('set: a listed host (any port) and the origin’s host are served, another gets 400', async () => {
    const handler = handlerWith({ allowedHosts: ['*.notebook.test'] })
    const listed = await handler(fromHost(documentRequest('/'), 'app.notebook.test:8080'))
    expect(listed.status).toBe(200)
    const origin = await handler(fromHost(documentRequest('/'), 'notebook.example'))
    expect(origin.status).toBe(200)
    const other = await handler(fromHost(documentRequest('/'), 'evil.example'))
    expect(other.status).toBe(400)
    expect(await other.text()).toMatch(/"evil\.example" is not allowed.*allowedHosts/)
  })

  it('a Host header that differs from the URL’s host must be allowed too', async () => {
    const handler = handlerWith({ allowedHosts: ['app.test'] })
    const request = documentRequest('/', { host: 'evil.example' })
    expect((await handler(request)).status).toBe(400)
  })

  it('with trustProxy, the first X-Forwarded-Host is the host checked', async () => {
    const handler = handlerWith({ allowedHosts: ['app.test'], trustProxy: true })
    const behindProxy = (forwarded: string) =>
      fromHost(documentRequest('/', { 'x-forwarded-host': forwarded }), 'internal:3000')
    expect((await handler(behindProxy('app.test'))).status).toBe(200)
    expect((await handler(behindProxy('evil.example, app.test'))).status).toBe(400)
  })
})
