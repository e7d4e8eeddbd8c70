// Security headers (docs/security.md, issue 7 item 6): every HTML document — pages, the
// access screens, 404 and 500 — carries `X-Content-Type-Options: nosniff` and a
// `Referrer-Policy`. With the `contentSecurityPolicy` option, each document gets a fresh nonce
// in its policy and on every inline script of the framework (and React's), so the page
// hydrates in Chromium under `script-src 'self' 'nonce-…'` without a violation. The option is
// tested as an embedder uses it: createRequestHandler() from the build, mounted in node:http
// with sirv serving dist/client (docs/embedding.md, docs/security.md).
import { join } from 'node:path'
import { createRequestListener } from '@remix-run/node-fetch-server'
import type { Page } from 'playwright-core'
import sirv from 'sirv'
import { describe, expect, test } from 'vitest'
import {
  clickCounter,
  clickLink,
  DIST_DIR,
  type FetchHandler,
  gotoHydrated,
  STATS_TEXT,
  setupBrowser,
  setupBuiltEntry,
  setupListeningServer,
  setupProductionServer,
  waitForHydration,
} from './support/index.ts'

const app = setupProductionServer()

/** The values of Referrer-Policy a browser understands. */
const REFERRER_POLICIES = [
  'no-referrer',
  'no-referrer-when-downgrade',
  'origin',
  'origin-when-cross-origin',
  'same-origin',
  'strict-origin',
  'strict-origin-when-cross-origin',
  'unsafe-url',
]

function expectDocumentHeaders(response: Response, what: string): void {
  expect(response.headers.get('content-type'), what).toMatch(/^text\/html/)
  expect(response.headers.get('x-content-type-options'), what).toBe('nosniff')
  expect(REFERRER_POLICIES, what).toContain(response.headers.get('referrer-policy'))
}

describe('documents carry nosniff and a Referrer-Policy', () => {
  const cases: [path: string, status: number][] = [
    ['/', 200],
    ['/notes/3', 200],
    ['/stats', 200],
    ['/lab/echo', 200],
    ['/lab/interrupt/not-found?late=1', 200],
    ['/no/such/page', 404],
    ['/notes/9999', 404],
    ['/account', 401],
    ['/lab/interrupt/forbidden', 403],
    ['/lab/errors/server', 500],
    ['/lab/global/server', 500],
    ['/lab/interrupt/self', 500],
  ]
  test.each(cases)('GET %s (%i)', async (path, status) => {
    const response = await fetch(app.url + path, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(status)
    expectDocumentHeaders(response, path)
    await response.arrayBuffer()
  })

  test('a static page served from memory, and a HEAD of it', async () => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${app.url}/notes`)
      expect(response.status).toBe(200)
      expect(response.headers.get('etag')).not.toBeNull()
      expectDocumentHeaders(response, `/notes (${i})`)
      await response.arrayBuffer()
    }
    const head = await fetch(`${app.url}/notes`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expectDocumentHeaders(head, 'HEAD /notes')
  })

  /** Posts the /lab/actions form without JavaScript, as a browser would, for `kind`. */
  async function postInterruptForm(kind: string): Promise<Response> {
    const html = await (await fetch(`${app.url}/lab/actions`)).text()
    const form = new FormData()
    form.set(/name="(\$ACTION_ID_[^"]+)"/.exec(html)![1]!, '')
    form.set('kind', kind)
    return fetch(`${app.url}/lab/actions`, { method: 'POST', body: form })
  }

  test('the page a form post without JavaScript answers with', async () => {
    const response = await postInterruptForm('none')
    expect(response.status).toBe(200)
    expectDocumentHeaders(response, 'form post')
    await response.arrayBuffer()
  })

  // docs/errors.md, column "server function, no JS": 404/401/403 page.
  test.each([
    ['forbidden()', 403, 'forbidden'],
    ['unauthorized()', 401, 'unauthorized'],
    ['notFound()', 404, 'not-found'],
  ] as const)(
    'a form post whose function throws %s answers %i with that screen',
    async (_call, status, kind) => {
      const response = await postInterruptForm(kind)
      const html = await response.text()
      expectDocumentHeaders(response, `form post ${kind}`)
      expect(
        { status: response.status, title: /<title>([^<]*)<\/title>/.exec(html)?.[1] },
        kind,
      ).toMatchObject({ status })
    },
  )
})

// --- contentSecurityPolicy -----------------------------------------------------------------

interface BuiltEntry {
  createRequestHandler: (options?: { contentSecurityPolicy?: string }) => FetchHandler
}

const POLICY = "script-src 'self' 'nonce-{nonce}'"

const build = setupBuiltEntry<BuiltEntry>(['createRequestHandler'])
/** The handler with the policy, mounted in node:http with sirv serving dist/client. */
const embedded = setupListeningServer(() => {
  const assets = sirv(join(DIST_DIR, 'client'))
  const handler = createRequestListener(
    build.entry.createRequestHandler({ contentSecurityPolicy: POLICY }),
  )
  return (req, res) => assets(req, res, () => handler(req, res))
})
const chromium = setupBrowser(embedded)

interface ScriptTag {
  attributes: string
  inline: boolean
}

function scriptTags(html: string): ScriptTag[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map((m) => ({
    attributes: m[1]!,
    inline: !/\bsrc=/.test(m[1]!),
  }))
}

/** The document's policy and nonce, after checking that every inline script carries it. */
async function nonceOf(path: string, status = 200): Promise<string> {
  const response = await fetch(embedded.url + path, { headers: { accept: 'text/html' } })
  expect(response.status, path).toBe(status)
  expectDocumentHeaders(response, path)
  const policy = response.headers.get('content-security-policy')
  const nonce = /'nonce-([^']+)'/.exec(policy ?? '')?.[1]
  expect(policy, path).toBe(POLICY.replace('{nonce}', nonce ?? '?'))
  expect(nonce, path).toMatch(/^[A-Za-z0-9+/]{16,}={0,2}$/)
  const tags = scriptTags(await response.text())
  const inline = tags.filter((tag) => tag.inline)
  if (path !== '/lab/global/server') expect(inline.length, path).toBeGreaterThan(0)
  for (const tag of tags) {
    const given = /\bnonce="([^"]*)"/.exec(tag.attributes)?.[1]
    if (tag.inline || given !== undefined)
      expect(given, `${path}: <script${tag.attributes}>`).toBe(nonce)
  }
  return nonce!
}

describe('the contentSecurityPolicy option', () => {
  test.each([
    ['/', 200],
    ['/notes', 200],
    ['/stats', 200],
    ['/lab/inject', 200],
    ['/no/such/page', 404],
    ['/account', 401],
    ['/lab/errors/server', 500],
    ['/lab/global/server', 500],
  ])(
    'GET %s (%i): every inline script carries the nonce of the response’s policy',
    async (path, status) => {
      await nonceOf(path, status)
    },
  )

  test('the nonce is new for every response, also for a static page served from memory', async () => {
    const nonces = [
      await nonceOf('/notes'),
      await nonceOf('/notes'),
      await nonceOf('/notes'),
      await nonceOf('/'),
      await nonceOf('/'),
    ]
    expect(new Set(nonces).size).toBe(nonces.length)
  })

  // docs/styling.md, "What the first document holds": a policy's style-src can name it.
  test('the framework’s own <style> in the head carries the nonce too', async () => {
    const response = await fetch(`${embedded.url}/lab/styles`, { headers: { accept: 'text/html' } })
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1]
    const styles = [...(await response.text()).matchAll(/<style\b([^>]*)>/g)].map((m) => m[1]!)
    expect(styles.length).toBeGreaterThan(0)
    for (const attributes of styles) expect(attributes).toContain(`nonce="${nonce}"`)
  })

  type ViolationWindow = Window & { __cspViolations?: string[] }

  async function pageWatchingViolations(): Promise<{
    page: Page
    violations(): Promise<string[]>
  }> {
    const page = await chromium.newPage()
    const messages: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) messages.push(message.text())
    })
    page.on('pageerror', (error) => messages.push(`page error: ${error.message}`))
    await page.addInitScript(() => {
      const win = window as ViolationWindow
      const seen: string[] = []
      win.__cspViolations = seen
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`)
      })
    })
    return {
      page,
      async violations() {
        const seen = await page.evaluate(() => [
          ...((window as ViolationWindow).__cspViolations ?? []),
        ])
        return [...messages, ...seen]
      },
    }
  }

  test('pages hydrate in Chromium under the policy, with no violation reported', async () => {
    const { page, violations } = await pageWatchingViolations()
    try {
      await gotoHydrated(page, '/')
      await clickCounter(page, 'Clicked 1 time')
      // Client navigations: payloads, no inline scripts; the router keeps working.
      await clickLink(page, '/stats')
      await page.getByTestId('stats').filter({ hasText: STATS_TEXT }).waitFor()
      await clickLink(page, '/notes')
      await page.getByText('Notes section').waitFor()
      expect(await page.getByRole('button', { name: 'Clicked 1 time' }).count()).toBe(1)

      // A document that streams (React's inline scripts reveal the late part) hydrates too.
      const response = await page.goto('/stats')
      expect(response?.status()).toBe(200)
      await page.getByTestId('stats').filter({ hasText: STATS_TEXT }).waitFor()
      await waitForHydration(page, 'button.counter')
      await clickCounter(page, 'Clicked 1 time')
      expect(await violations()).toEqual([])
    } finally {
      await page.context().close()
    }
  })

  // Last in the file: creating a second handler changes what the first one does (see the
  // report of issue 7), so later tests would see documents without a policy.
  test('creating another handler (without the option) leaves the first one’s policy alone', async () => {
    const first = build.entry.createRequestHandler({ contentSecurityPolicy: POLICY })
    build.entry.createRequestHandler()
    const response = await first(new Request('http://localhost/about'))
    await response.arrayBuffer()
    expect(response.headers.get('content-security-policy') ?? '(no policy)').toMatch(
      /^script-src 'self' 'nonce-/,
    )
  })
})
