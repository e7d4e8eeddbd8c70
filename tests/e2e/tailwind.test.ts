// Tailwind CSS through its Vite plugin (docs/styling.md, "Tailwind CSS"): the small app of
// tests/fixtures/tailwind, built here with the framework's plugin beside @tailwindcss/vite, and
// run as `npm start` runs an app. Its utility classes, used by a server and a client component,
// are in the stylesheet of the first document, applied in its first frame.
import { join } from 'node:path'
import { afterAll, beforeAll, expect, test } from 'vitest'
import {
  computedStyle,
  firstStyleOf,
  ManagedProcess,
  ROOT_DIR,
  type RunningServer,
  recordFirstStyles,
  setupBrowser,
  startCommand,
  VITE_BIN,
  waitForHydration,
} from './support/index.ts'

const FIXTURE_DIR = join(ROOT_DIR, 'tests/fixtures/tailwind')
/** A cold build of a whole app on a small, shared machine. */
const BUILD_TIMEOUT_MS = 300_000

let server: RunningServer | undefined
const app = {
  get url() {
    if (!server) throw new Error('The fixture app is not running.')
    return server.url
  },
}

beforeAll(async () => {
  const build = ManagedProcess.spawn(process.execPath, [VITE_BIN, 'build'], {
    name: 'build of the Tailwind fixture',
    cwd: FIXTURE_DIR,
    // As `npm run build` runs it, not as the test runner's own `test` mode.
    env: { ...process.env, NODE_ENV: 'production' },
  })
  const status = await build.exited
  if (status.code !== 0) throw new Error(`The fixture's build failed:\n${build.log()}`)
  server = await startCommand(process.execPath, [join(FIXTURE_DIR, 'dist/rsc/server.js')], {
    NODE_ENV: 'production',
  })
}, BUILD_TIMEOUT_MS)

afterAll(async () => {
  await server?.stop()
})

const chromium = setupBrowser(app)

test("the first document's head holds Tailwind's stylesheet, with the classes the app uses", async () => {
  const html = await (await fetch(app.url, { headers: { accept: 'text/html' } })).text()
  const hrefs = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1])
  expect(hrefs).toHaveLength(1)
  expect(html.indexOf(`href="${hrefs[0]}"`)).toBeLessThan(html.indexOf('</head>'))
  const css = await (await fetch(app.url + hrefs[0])).text()
  for (const utility of ['.text-blue-600', '.border-emerald-500', '.p-8']) {
    expect(css).toContain(utility)
  }
  // Only what the app's files use: not the whole palette.
  expect(css).not.toContain('.text-rose-700')
})

test('utility classes of server and client components style the first frame', async () => {
  const page = await chromium.newPage()
  await recordFirstStyles(page, [
    { selector: 'h1', property: 'font-size' },
    { selector: 'main', property: 'padding-top' },
    { selector: 'button', property: 'border-top-width' },
  ])
  await page.goto('/')
  await expect(firstStyleOf(page, 'h1')).resolves.toBe('30px') // text-3xl: 1.875rem
  await expect(firstStyleOf(page, 'main')).resolves.toBe('32px') // p-8: 2rem
  await expect(firstStyleOf(page, 'button')).resolves.toBe('2px') // border-2
  await expect(computedStyle(page, 'h1', 'font-weight')).resolves.toBe('700')
  // The theme's colours, as the browser computes Tailwind's own variables.
  const themeColor = (name: string) =>
    page.evaluate((variable) => {
      const probe = document.createElement('span')
      probe.style.color = `var(${variable})`
      document.body.append(probe)
      const color = getComputedStyle(probe).color
      probe.remove()
      return color
    }, name)
  await expect(computedStyle(page, 'h1', 'color')).resolves.toBe(
    await themeColor('--color-blue-600'),
  )
  await expect(computedStyle(page, 'button', 'border-top-color')).resolves.toBe(
    await themeColor('--color-emerald-500'),
  )

  // A variant of a client component's class applies once its state changes.
  await waitForHydration(page, 'button')
  const closed = await computedStyle(page, 'button', 'background-color')
  await page.getByRole('button', { name: 'Closed' }).click()
  await page.getByRole('button', { name: 'Open' }).waitFor()
  const open = await computedStyle(page, 'button', 'background-color')
  expect(open).not.toBe(closed)
  expect(open).toBe(await themeColor('--color-emerald-100'))
})
