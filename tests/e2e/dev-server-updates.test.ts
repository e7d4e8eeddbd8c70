// In development, an edit of a server component shows in the open page without a reload, and the
// page's client state stays (docs/routing.md, "Edits in development"). Vite announces the edit
// once, over its WebSocket: an edit saved while the page is still loading must show too, once the
// page has loaded. The edits are made in a copy of the project.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { RequestLog, setupDevServerOnCopy, waitForHydration } from './support/index.ts'

const { project, chromium } = setupDevServerOnCopy()

const ROOT_PAGE = 'src/routes/page.tsx'
/** The dev server compiles the app on demand at its first request: more time than a build. */
const FIRST_LOAD = { timeout: 90_000 }

/** Resolves when Vite has told the page that server code changed. */
function serverUpdateAnnounced(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"rsc:update"')) resolve()
      })
    })
  })
}

test('an edit of a server component shows in the open page, which keeps its client state', async () => {
  const page = await chromium.newPage()
  await page.goto('/', FIRST_LOAD)
  await waitForHydration(page, 'button.counter', FIRST_LOAD)
  await page.getByRole('button', { name: 'Clicked 0 times' }).click()
  await page.getByRole('button', { name: 'Clicked 1 time' }).waitFor()
  const requests = RequestLog.start(page)

  project.edit(ROOT_PAGE, 'A small notebook,', 'A live notebook,')

  await page.getByText('A live notebook,').waitFor()
  expect(requests.documentPaths()).toEqual([])
  await expect(page.getByRole('button', { name: 'Clicked 1 time' }).count()).resolves.toBe(1)
})

test('an edit saved while the page is still loading shows once it has loaded', async () => {
  const page = await chromium.newPage()
  const announced = serverUpdateAnnounced(page)
  // The page's client component is held back, so the page cannot hydrate before the edit.
  let requested = () => {}
  const held = new Promise<void>((resolve) => {
    requested = resolve
  })
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route('**/src/routes/_components/counter.tsx*', async (route) => {
    requested()
    await released
    await route.continue()
  })
  await page.goto('/', { ...FIRST_LOAD, waitUntil: 'domcontentloaded' })
  await held
  const requests = RequestLog.start(page)

  project.edit(ROOT_PAGE, 'server-rendered with', 'edited while loading, with')
  await announced
  release()

  await waitForHydration(page, 'button.counter', FIRST_LOAD)
  await page.getByText('edited while loading, with').waitFor()
  expect(requests.documentPaths()).toEqual([])
})
