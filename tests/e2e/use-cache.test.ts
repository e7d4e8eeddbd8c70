// "use cache" in the build (docs/caching.md, "use cache"): the framework's Vite plugin wraps the
// lab's `Stamped` component (an async component whose body starts with the directive) and the
// notebook's notes summary (a module that starts with it). Fixture: /lab/use-cache, a dynamic
// page that renders `Stamped` around a part of its own, and a button whose server function calls
// revalidateTag() on the component's tag (a lab control: open to everyone on this test's server).
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { gotoHydrated, setupProductionServerAndBrowser } from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser({ env: { LAB_CONTROLS: 'open' } })

const cachedTime = (page: Page) => page.getByTestId('cached-time').textContent()
const pageTime = (page: Page) => page.getByTestId('page-time').textContent()

test('a cached component keeps its client component working, and its children are the page’s own', async () => {
  const page = await chromium.newPage()
  await gotoHydrated(page, '/lab/use-cache')
  const counter = page.getByTestId('stamped').locator('button.counter')
  await counter.click()
  await counter.click()
  await expect.poll(() => counter.textContent()).toBe('Clicked 2 times')
  expect(await pageTime(page)).toMatch(/^Page rendered at /)
})

test('after a reload the cached part shows the same time, the page around it a new one', async () => {
  const page = await chromium.newPage()
  await gotoHydrated(page, '/lab/use-cache')
  const [cached, rendered] = [await cachedTime(page), await pageTime(page)]
  await page.reload()
  await expect.poll(() => pageTime(page)).not.toBe(rendered)
  expect(await cachedTime(page)).toBe(cached)
})

test('revalidateTag() from a server function makes the next render compute it again', async () => {
  const page = await chromium.newPage()
  await gotoHydrated(page, '/lab/use-cache')
  const before = await cachedTime(page)
  await page.getByRole('button', { name: 'Revalidate the stamp' }).click()
  // The page the server function's answer carries is rendered after it ran.
  await expect.poll(() => cachedTime(page)).not.toBe(before)
  const after = await cachedTime(page)
  await page.reload()
  await expect.poll(() => cachedTime(page)).toBe(after)
  await page.getByTestId('stamped').locator('button.counter').click()
  await expect
    .poll(() => page.getByTestId('stamped').locator('button.counter').textContent())
    .toBe('Clicked 1 time')
})

test('the notebook’s notes summary, a "use cache" module, is refreshed by a like (the notes tag)', async () => {
  expect(await (await fetch(`${app.url}/notes`)).text()).toContain('50 notes, 7 tags, 0 likes')
  const page = await chromium.newPage()
  await gotoHydrated(page, '/notes/3')
  await page.getByRole('button', { name: /♥/ }).click()
  await page.getByRole('button', { name: '♥ 1 like' }).waitFor()
  await expect
    .poll(async () => (await fetch(`${app.url}/notes`)).text())
    .toContain('50 notes, 7 tags, 1 likes')
})
