// The dev server shows every edit on the next request (README: `npm run dev`, HMR for server and
// client components), static pages included: a page it served from memory before the edit is
// rendered again with the new code. The edits are made in a copy of the project.
import { expect, test } from 'vitest'
import { payloadPathOf, setupDevServerOnCopy, waitForHydration } from './support/index.ts'

const { project, dev, chromium } = setupDevServerOnCopy()

/** Replaces `from` by `to` in a file of the copy, and returns the server log's length before. */
function edit(file: string, from: string, to: string): number {
  const mark = dev.server.process.output.length
  project.edit(file, from, to)
  return mark
}

/** Waits until the rsc environment has run the update an edit caused (Vite logs it). */
async function serverUpdated(mark: number): Promise<void> {
  await dev.server.process.waitForLine(/\(rsc\) hot updated/, 30_000, mark)
}

/** Whether the page's next document (HTML) and payload both have `text`. */
async function served(
  path: string,
  text: string,
): Promise<{ document: boolean; payload: boolean }> {
  const document = await fetch(`${dev.url}${path}`, { headers: { accept: 'text/html' } })
  const payload = await fetch(`${dev.url}${payloadPathOf(path)}`)
  expect([document.status, payload.status]).toEqual([200, 200])
  return {
    document: (await document.text()).includes(text),
    payload: (await payload.text()).includes(text),
  }
}

test('edits of the root page, a nested page and a client component show on the next request', async () => {
  const page = await chromium.newPage()
  // The first request compiles the app on demand: allow it more time than a built page.
  await page.goto('/', { timeout: 90_000 })
  await waitForHydration(page, 'button.counter', { timeout: 90_000 })
  // Served twice each, so that a page kept in memory is what the next request would get.
  for (const path of ['/', '/about', '/', '/about']) {
    expect(await served(path, 'Notebook')).toEqual({ document: true, payload: true })
  }

  // A client component in the root layout: the browser shows it through HMR, and the next
  // document has it in its server-rendered HTML (the payload only refers to it).
  edit('src/routes/_components/counter.tsx', 'Clicked {count}', 'Pressed {count}')
  await page.getByRole('button', { name: 'Pressed 0 times' }).waitFor()
  expect((await served('/', 'Pressed')).document).toBe(true)
  expect((await served('/about', 'Pressed')).document).toBe(true)

  // The root page, a server component.
  let mark = edit('src/routes/page.tsx', 'A small notebook,', 'An edited notebook,')
  await serverUpdated(mark)
  expect(await served('/', 'An edited notebook,')).toEqual({ document: true, payload: true })
  await page.reload()
  await page.getByText('An edited notebook,').waitFor()

  // A nested page.
  mark = edit('src/routes/(site)/about/page.tsx', 'This page lives', 'This edited page lives')
  await serverUpdated(mark)
  expect(await served('/about', 'This edited page lives')).toEqual({
    document: true,
    payload: true,
  })
  await page.goto('/about')
  await page.getByText('This edited page lives').waitFor()
})
