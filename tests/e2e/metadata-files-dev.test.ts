// Metadata files under `npm run dev` (docs/metadata.md, "Metadata files"): answered with the dev
// server's headers, linked from the head, a file added or removed in a copy of the project
// shows on a next request, and an image made from code is made.
import { copyFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { setupDevServerOnCopy } from './support/index.ts'

const { project, dev } = setupDevServerOnCopy()

async function headOf(path: string): Promise<string> {
  const response = await fetch(`${dev.url}${path}`, { headers: { accept: 'text/html' } })
  const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
  return html.slice(0, html.indexOf('</head>'))
}

/** Asks for `path`'s head until `check` holds: the dev server reloads the files' module. */
async function headUntil(path: string, check: (head: string) => boolean): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const head = await headOf(path)
    if (check(head) || attempt === 60) return head
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

test('robots.ts and a static icon, with the dev server’s headers', async () => {
  // The first request compiles the app on demand.
  const robots = await fetch(`${dev.url}/robots.txt`, { signal: AbortSignal.timeout(90_000) })
  expect(robots.headers.get('content-type')).toBe('text/plain')
  expect(robots.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  expect(await robots.text()).toContain('Disallow: /admin\n')
  const icon = await fetch(`${dev.url}/icon.png`)
  expect(icon.headers.get('content-type')).toBe('image/png')
  expect(icon.headers.get('cache-control')).toBe('no-cache, no-store')
  expect(await headOf('/')).toMatch(/<link rel="icon" href="\/icon\.png\?icon\.[0-9a-f]{8}\.png"/)
})

test('an icon file added to a folder is linked from its pages; removed, it is gone', async () => {
  // Below the (site) group: Next's suffix, djb2('/(site)/about') in base 36.
  const added = join(project.dir, 'src/routes/(site)/about/icon.png')
  const link =
    /<link rel="icon" href="\/about\/icon-1ycygp\.png\?icon\.[0-9a-f]{8}\.png" sizes="32x32"/
  expect(await headOf('/about')).not.toMatch(link)
  copyFileSync(join(project.dir, 'src/routes/icon.png'), added)
  expect(await headUntil('/about', (head) => link.test(head))).toMatch(link)
  expect((await fetch(`${dev.url}/about/icon-1ycygp.png`)).status).toBe(200)
  rmSync(added)
  expect(await headUntil('/about', (head) => !link.test(head))).not.toMatch(link)
})

test('an image made from code: a PNG, with the dev server’s headers', async () => {
  const response = await fetch(`${dev.url}/notes/3/opengraph-image`)
  expect(response.headers.get('content-type')).toBe('image/png')
  // The notebook's module sets its own header (a note's title can be edited): it is kept.
  expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
  const bytes = Buffer.from(await response.arrayBuffer())
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
  expect(await headOf('/notes/3')).toMatch(
    /<meta property="og:image" content="\/notes\/3\/opengraph-image\?[0-9a-f]{8}"\/>/,
  )
})
