// An inline "use server" function of a prerendered page, called first thing after the production
// server started: the page comes from the build's prerendered store, so its component never ran in
// that process (which is what marks a hoisted inline function as a server function), and the
// function must be callable all the same (docs/protocol.md, the lookup).
import { expect, test } from 'vitest'
import {
  collectPageErrors,
  gotoHydrated,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { chromium } = setupProductionServerAndBrowser()

test('the first call of an inline server function of a prerendered page runs it', async () => {
  const page = await chromium.newPage()
  const errors = collectPageErrors(page)
  const answers: number[] = []
  page.on('response', (response) => {
    if (response.request().method() === 'POST') answers.push(response.status())
  })
  await gotoHydrated(page, '/lab/actions/inline')
  await page.getByRole('button', { name: 'Greet Ada' }).click()
  // The value it closed over came back with the call (encrypted) and was decrypted.
  await expect.poll(() => page.getByTestId('greeting').textContent()).toBe('Hello, Ada!')
  expect(answers).toEqual([200])
  expect(errors).toEqual([])
})
