// What the tests know about the notebook app in src/routes: its texts and its client Counter.
import type { Locator, Page } from 'playwright-core'

/** The client component in the root layout; its state must survive client navigations. */
export function counter(page: Page): Locator {
  return page.getByRole('button', { name: /^Clicked \d+ times?$/ })
}

/** Clicks the Counter and waits until it shows `expected` (e.g. "Clicked 1 time"). */
export async function clickCounter(page: Page, expected: string): Promise<void> {
  await counter(page).click()
  await page.getByRole('button', { name: expected, exact: true }).waitFor()
}

export const NOT_FOUND_TEXT = 'This page could not be found.'
export const STATS_LOADING_TEXT = 'Counting notes…'
export const STATS_TEXT = '50 notes, 7 tags'
