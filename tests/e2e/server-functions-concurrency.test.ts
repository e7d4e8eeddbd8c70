// The notebook's store under concurrent server functions (issue 3): 50 create posts sent at once
// make exactly 50 notes, the data file stays whole, and a restart of the server on the same data
// directory keeps every one of them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import { formBody, formWith, setupProductionServer } from './support/index.ts'

const app = setupProductionServer()

const SEEDED = 50
const POSTS = 50

async function getText(path: string): Promise<string> {
  const response = await fetch(app.url + path)
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
  return response.text()
}

/** The note links of the list page, as [path, title] pairs. */
async function listedNotes(): Promise<Map<string, string>> {
  const html = await getText('/notes')
  const main = html.slice(html.indexOf('<main>'), html.indexOf('</main>'))
  return new Map(
    [...main.matchAll(/<a href="(\/notes\/\d+)">([^<]*)<\/a>/g)].map((m) => [m[1]!, m[2]!]),
  )
}

test('50 concurrent create posts make exactly 50 notes, and a restart keeps them', async () => {
  expect((await listedNotes()).size).toBe(SEEDED)
  const form = formWith(await getText('/notes/new'), 'Create note')
  const titles = Array.from({ length: POSTS }, (_, i) => `Concurrent note ${i + 1}`)

  // The no-JS form encoding, all at once.
  const responses = await Promise.all(
    titles.map((title, i) =>
      fetch(`${app.url}/notes/new`, {
        method: 'POST',
        body: formBody(form, { title, body: `Body ${i + 1}`, tags: 'load' }),
        redirect: 'manual',
      }),
    ),
  )
  expect(responses.map((response) => response.status)).toEqual(titles.map(() => 303))
  const locations = responses.map((response) => response.headers.get('location') ?? '')
  expect(new Set(locations).size).toBe(POSTS)
  for (const location of locations) expect(location).toMatch(/^\/notes\/\d+$/)

  const expectAllThere = async () => {
    const listed = await listedNotes()
    expect(listed.size).toBe(SEEDED + POSTS)
    // Each post's redirect leads to its own note.
    locations.forEach((location, i) => {
      expect(listed.get(location), location).toBe(titles[i])
    })
  }
  await expectAllThere()

  // The data file is whole (valid JSON) and holds each note once.
  const file = JSON.parse(readFileSync(join(app.server.dataDir, 'notes.json'), 'utf8')) as {
    notes: { id: string; title: string }[]
  }
  expect(file.notes).toHaveLength(SEEDED + POSTS)
  expect(new Set(file.notes.map((note) => note.id)).size).toBe(SEEDED + POSTS)
  expect(file.notes.filter((note) => titles.includes(note.title))).toHaveLength(POSTS)

  // A new server process on the same data directory.
  const firstPid = app.server.process.pid
  await app.restart()
  expect(app.server.process.pid).not.toBe(firstPid)
  await expectAllThere()
  const note = await getText(locations[POSTS - 1]!)
  expect(note).toContain(`<h1>${titles[POSTS - 1]}</h1>`)
  expect(note).toContain(`Body ${POSTS}`)
})
