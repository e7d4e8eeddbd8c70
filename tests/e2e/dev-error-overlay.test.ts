// Server errors under the dev server reach the browser (docs/errors.md, "In development"): Vite's
// error overlay shows the message, where the error points, the code frame and the stack, for a
// document load (even one that could not render anything), a client navigation, a server
// function call and a route handler; the terminal logs each error once, with its code frame.
// Its stack points at the line and column that threw, in a file both server environments run.
// A document whose page did not compile reloads once the file is fixed. The broken files are
// written into a copy of the project; one dev server serves the whole file.
import { expect, test } from 'vitest'
import { HEADER_PREFETCH } from '../../src/framework/wire/protocol.ts'
import {
  DEV_COMPILE_TIMEOUT_MS,
  gotoHydrated,
  linkTo,
  loggedErrors,
  newDevPage,
  onceRouted,
  overlayOf,
  setupDevServerOnCopy,
  waitForHydration,
} from './support/index.ts'

const { project, dev, chromium } = setupDevServerOnCopy()

const open = () => newDevPage(chromium)

/** The server's log lines since `mark` (an earlier `output.length`). */
const logSince = (mark: number) =>
  dev.server.process.output
    .slice(mark)
    .map((line) => line.text)
    .join('\n')

/**
 * The errors the dev server logged since `mark`, once there is one: the overlay may show before
 * the server's log line is read, and a late line would count in the next test's window.
 */
async function loggedSince(mark: number) {
  await expect.poll(() => loggedErrors(dev.server.process, mark).length).toBeGreaterThan(0)
  return loggedErrors(dev.server.process, mark)
}

test('a page that does not compile: the overlay on a fresh load, logged once, and the page reloads once fixed', async () => {
  const file = 'src/routes/(lab)/lab/overlay/syntax/page.tsx'
  project.write(
    file,
    ['export default function Broken() {', '  const x = ;', '  return <p>{x}</p>', '}'].join('\n'),
  )
  const mark = dev.server.process.output.length
  const page = await open()
  const response = await onceRouted(async () => (await page.goto('/lab/overlay/syntax'))!)
  expect(response?.status()).toBe(500)
  expect(response?.headers()['content-type']).toMatch(/^text\/html/)
  const overlay = await overlayOf(page)
  expect(overlay.message).toContain('Unexpected token')
  expect(overlay.message).toContain('const x = ;')
  // Whichever overlay shows it, the framework's or Vite's (the watcher's compile of the new
  // file may fail after the request's): where it is and its code frame.
  expect(overlay.file).toContain(`${file}:2:`)
  expect(overlay.frame).toMatch(/^>?\s*2\s*\|\s+const x = ;$/m)
  expect(await loggedSince(mark)).toHaveLength(1)

  project.write(
    file,
    'export default function Fixed() {\n  return <p>The page compiles again</p>\n}\n',
  )
  await page.getByText('The page compiles again').waitFor()
  expect(await page.locator('vite-error-overlay').count()).toBe(0)
}, 240_000)

test('a page open when its file stops compiling: the overlay names the line and shows the code frame', async () => {
  const file = 'src/routes/(lab)/lab/overlay/broken-later/page.tsx'
  project.write(file, 'export default function Later() {\n  return <p>It compiles for now</p>\n}\n')
  const page = await open()
  await onceRouted(async () => (await page.goto('/lab/overlay/broken-later'))!)
  await waitForHydration(page)
  await page.getByText('It compiles for now').waitFor()
  project.write(
    file,
    ['export default function Later() {', '  const y = ;', '  return <p>{y}</p>', '}'].join('\n'),
  )
  const overlay = await overlayOf(page)
  expect(overlay.message).toContain('Unexpected token')
  expect(overlay.file).toContain(`${file}:2:`)
  expect(overlay.frame).toMatch(/^>?\s*2\s*\|\s+const y = ;$/m)
}, 180_000)

test('a server component that throws: the overlay over error.tsx, with the code frame, logged once with it', async () => {
  const mark = dev.server.process.output.length
  const page = await open()
  const response = await page.goto('/lab/errors/server')
  expect(response?.status()).toBe(500)
  const overlay = await overlayOf(page)
  expect(overlay.message).toBe('The lab server component failed (secret detail 42).')
  expect(overlay.file).toMatch(/src\/routes\/\(lab\)\/lab\/errors\/server\/page\.tsx:9:\d+$/)
  expect(overlay.frame).toMatch(/^>\s+9 \| {3}if \(!fixed\) throw new Error\(/m)
  expect(overlay.stack).toContain('at ServerErrorPage (')
  expect(overlay.count).toBe(1)
  // error.tsx is under it, showing the message.
  await page.getByTestId('error-message').filter({ hasText: 'secret detail 42' }).waitFor()

  const logged = await loggedSince(mark)
  expect(logged).toHaveLength(1)
  expect(logged[0]!.detail[0]).toBe('Error: The lab server component failed (secret detail 42).')
  expect(logSince(mark)).toMatch(/^>\s+9 \| {3}if \(!fixed\) throw new Error\(/m)
}, 180_000)

test('a server component that throws after the shell, inside <Suspense>: the overlay over the streamed page, logged once', async () => {
  const file = 'src/routes/(lab)/lab/overlay/late/page.tsx'
  project.write(
    file,
    [
      "import { Suspense } from 'react'",
      'async function Late(): Promise<never> {',
      '  await new Promise((resolve) => setTimeout(resolve, 100))',
      "  throw new Error('The late part failed (secret detail 42).')",
      '}',
      'export default function LatePage() {',
      '  return (',
      '    <main>',
      '      <h1>The shell streamed first</h1>',
      '      <Suspense fallback={<p>Loading the late part</p>}>',
      '        <Late />',
      '      </Suspense>',
      '    </main>',
      '  )',
      '}',
    ].join('\n'),
  )
  const mark = dev.server.process.output.length
  const page = await open()
  const response = await onceRouted(async () => (await page.goto('/lab/overlay/late'))!)
  expect(response?.status()).toBe(200)
  const overlay = await overlayOf(page)
  expect(overlay.message).toBe('The late part failed (secret detail 42).')
  expect(overlay.file).toContain(`${file}:4:`)
  expect(overlay.count).toBe(1)
  expect(await loggedSince(mark)).toHaveLength(1)
}, 180_000)

test('a client navigation to a page that throws: the overlay in the page', async () => {
  const page = await open()
  // /lab prefetches its links, this page among them, and a prefetch's render logs its error
  // too (the overlay waits for the navigation): without prefetches, the count is the click's.
  await page.route('**/*', (route) =>
    route.request().headers()[HEADER_PREFETCH] ? route.abort() : route.continue(),
  )
  await gotoHydrated(page, '/lab')
  const mark = dev.server.process.output.length
  await linkTo(page, '/lab/errors/server').click()
  await page.waitForURL((url) => url.pathname === '/lab/errors/server')
  const overlay = await overlayOf(page)
  expect(overlay.message).toBe('The lab server component failed (secret detail 42).')
  expect(overlay.frame).toMatch(/^>\s+9 \|/m)
  expect(overlay.count).toBe(1)
  expect(await loggedSince(mark)).toHaveLength(1)
}, 180_000)

test("a server function call that throws: the overlay in the page, and the log, at the throw's line and column", async () => {
  // The page's render also ran the ssr environment's stub of this 'use server' file, whose
  // source map must not stand for the module that threw.
  const file = 'src/routes/(lab)/lab/actions/actions.ts'
  const page = await open()
  await gotoHydrated(page, '/lab/actions')
  await waitForHydration(page, 'button')
  const mark = dev.server.process.output.length
  await page.getByRole('button', { name: 'Call error' }).click()
  const overlay = await overlayOf(page)
  expect(overlay.message).toBe('The lab server function failed (secret detail 42).')
  expect(overlay.file).toMatch(/src\/routes\/\(lab\)\/lab\/actions\/actions\.ts:7:31$/)
  expect(overlay.frame).toMatch(/^>\s+7 \| {3}if \(kind === 'error'\) throw new Error\(/m)
  const thrower = (stack: string[]) => stack.find((line) => line.includes('at interruptAction ('))
  expect(thrower(overlay.stack.split('\n'))).toContain(`${file}:7:31)`)

  const logged = await loggedSince(mark)
  expect(logged).toHaveLength(1)
  expect(thrower(logged[0]!.detail)).toContain(`${file}:7:31)`)
}, 180_000)

test('a client component that fails during SSR: the overlay and the log at the line and column that failed', async () => {
  // Run by the ssr environment, whose modules are mapped apart from the rsc environment's.
  const at = 'src/routes/(lab)/lab/global/_browser-only.tsx:6:66)'
  const mark = dev.server.process.output.length
  const page = await open()
  const response = await page.goto('/lab/global/ssr-only')
  expect(response?.status()).toBe(500)
  const overlay = await overlayOf(page)
  expect(overlay.message).toBe('window is not defined')
  expect(overlay.file).toMatch(/src\/routes\/\(lab\)\/lab\/global\/_browser-only\.tsx:6:66$/)
  expect(overlay.frame).toMatch(
    /^>\s+6 \| {5}<p data-testid="browser-only">\{`Rendered in the browser at \$\{window/m,
  )
  const failed = (stack: string[]) => stack.find((line) => line.includes('at BrowserOnly ('))
  expect(failed(overlay.stack.split('\n'))).toContain(at)
  const logged = await loggedSince(mark)
  expect(logged).toHaveLength(1)
  expect(failed(logged[0]!.detail)).toContain(at)
}, 180_000)

test('a route handler that throws: 500 with its reason phrase, the message and the stack; the overlay of the page that fetched it', async () => {
  const file = 'src/routes/(lab)/lab/overlay/handler/route.ts'
  project.write(
    file,
    "export function GET() {\n  throw new Error('The overlay handler failed.')\n}\n",
  )
  const response = await onceRouted(() =>
    fetch(`${dev.url}/lab/overlay/handler`, {
      signal: AbortSignal.timeout(DEV_COMPILE_TIMEOUT_MS),
    }),
  )
  expect(response.status).toBe(500)
  expect(response.statusText).toBe('Internal Server Error')
  const body = await response.text()
  expect(body).toMatch(/^Internal Server Error \(digest \d+\)\n\nThe overlay handler failed\.\n/)
  expect(body).toContain('    at GET (')
  expect(body).toMatch(/^> 2 \| {3}throw new Error\('The overlay handler failed\.'\)$/m)

  const page = await open()
  await gotoHydrated(page, '/lab')
  await page.evaluate(() => fetch('/lab/overlay/handler'))
  const overlay = await overlayOf(page)
  expect(overlay.message).toBe('The overlay handler failed.')
  expect(overlay.file).toContain(`${file}:2:`)
}, 180_000)
