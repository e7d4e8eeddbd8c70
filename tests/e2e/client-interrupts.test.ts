// notFound(), unauthorized(), forbidden(), redirect() and permanentRedirect() imported from
// #framework/client and thrown by a client component while it renders (docs/errors.md): on a
// document load the status and screen come from the server render; in a client navigation the
// browser's boundaries show the screen or navigate. /lab/client-interrupt/[kind] throws `kind`.
import { expect, test } from 'vitest'
import {
  EXTERNAL_TEXT,
  EXTERNAL_URL,
  FORBIDDEN_TEXT,
  gotoHydrated,
  linkTo,
  NOT_FOUND_TEXT,
  pathOf,
  serveExternalOrigin,
  setupProductionServerAndBrowser,
  UNAUTHORIZED_TEXT,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

test.each([
  ['not-found', 404, NOT_FOUND_TEXT],
  ['unauthorized', 401, UNAUTHORIZED_TEXT],
  ['forbidden', 403, FORBIDDEN_TEXT],
])(
  'document: a client component calling %s() answers %i with its screen',
  async (kind, status, text) => {
    const page = await chromium.newPage()
    const response = await page.goto(`/lab/client-interrupt/${kind}`)
    expect(response?.status()).toBe(status)
    await page.getByText(text).first().waitFor()
    expect(await page.getByTestId('client-interrupt').count()).toBe(0)
  },
)

test.each([
  ['redirect', 'redirect', 307],
  ['permanentRedirect', 'permanent-redirect', 308],
])(
  'document: a client component calling %s() answers its status and Location /about',
  async (_, kind, status) => {
    const response = await fetch(`${app.url}/lab/client-interrupt/${kind}`, { redirect: 'manual' })
    expect(response.status).toBe(status)
    expect(response.headers.get('location')).toBe('/about')
  },
)

test('client navigation: a client component calling notFound() shows the 404 screen, URL kept', async () => {
  const page = await chromium.newPage()
  await gotoHydrated(page, '/lab')
  await linkTo(page, '/lab/client-interrupt/not-found').click()
  await page.getByText(NOT_FOUND_TEXT).first().waitFor()
  expect(pathOf(page)).toBe('/lab/client-interrupt/not-found')
  expect(await page.locator('meta[name="robots"][content="noindex"]').count()).toBe(1)
})

test('a client component redirecting to another origin loads it once, as it hydrates or after a client navigation', async () => {
  const path = '/lab/client-interrupt/external-redirect-in-browser'
  for (const start of [path, '/lab/router']) {
    const page = await chromium.newPage()
    const external = await serveExternalOrigin(page.context())
    // Every navigation the page starts, as the Navigation API reports it, before it unloads.
    const started: string[] = []
    page.on('console', (message) => {
      if (message.text().startsWith('navigate ')) started.push(message.text().slice(9))
    })
    await page.addInitScript(() => {
      const { navigation } = window as unknown as { navigation: EventTarget }
      navigation.addEventListener('navigate', (event) => {
        const { destination } = event as Event & { destination: { url: string } }
        console.log(`navigate ${destination.url}`)
      })
    })
    if (start === path) await page.goto(path)
    else {
      await gotoHydrated(page, start)
      await page.getByLabel('Target').fill(path)
      await page.getByRole('button', { name: 'Push', exact: true }).click()
    }
    await page.getByRole('heading', { name: EXTERNAL_TEXT }).waitFor()
    expect(page.url(), start).toBe(EXTERNAL_URL)
    expect(external.resourceTypes(), start).toEqual(['document'])
    expect(
      started.filter((url) => url === EXTERNAL_URL),
      start,
    ).toEqual([EXTERNAL_URL])
    await page.close()
  }
})

test('router.push() to another origin in a transition stays pending until the page unloads', async () => {
  const page = await chromium.newPage()
  const external = await serveExternalOrigin(page.context())
  // What the lab's transition indicator said, each time it changed, until the page unloaded.
  const shown: string[] = []
  page.on('console', (message) => {
    if (message.text().startsWith('transition ')) shown.push(message.text().slice(11))
  })
  await gotoHydrated(page, '/lab/router')
  await page.evaluate(() => {
    const output = document.querySelector('output[aria-label="Transition"]')!
    const report = () => console.log(`transition ${output.textContent}`)
    new MutationObserver(report).observe(output, {
      subtree: true,
      childList: true,
      characterData: true,
    })
  })
  await page.getByLabel('Target').fill(EXTERNAL_URL)
  // Clicked in the page: the click does not wait for the navigation it starts.
  await page
    .getByRole('button', { name: 'Push in a transition' })
    .evaluate((button: HTMLElement) => button.click())
  await page.getByRole('heading', { name: EXTERNAL_TEXT }).waitFor()
  expect(external.resourceTypes()).toEqual(['document'])
  expect(shown).toEqual(['pending'])
})

test('a kind it does not know renders the client component', async () => {
  const page = await chromium.newPage()
  const response = await page.goto('/lab/client-interrupt/none')
  expect(response?.status()).toBe(200)
  await page.getByTestId('client-interrupt').waitFor()
})
