// Sustained load (docs/security.md, issue 7 item 1), short form: a mixed load for a bounded
// time against the production server. Every request gets the status its kind must get, no write
// is lost, and it keeps answering. Whether memory stays flat is for the long form (60 s, figures
// printed), tests/load/load.test.ts, run by `npm run test:load`: over 10 s on a busy machine the
// resident size says more about the garbage collector's timing than about leaks.
import { expect, test } from 'vitest'
import { encodeArguments, serverFunctionId } from './support/client-calls.ts'
import { formatLoadReport, mixedRequests, runLoad, setupProductionServer } from './support/index.ts'

const app = setupProductionServer()

/** Likes of note 3, as the JSON route handler reports them. */
async function likesOfNote3(): Promise<number> {
  const response = await fetch(`${app.url}/api/notes`)
  const { notes } = (await response.json()) as { notes: { id: string; likes: number }[] }
  return notes.find((note) => note.id === '3')!.likes
}

test('a mixed load: every request gets its status, no write is lost', async () => {
  const like = {
    id: serverFunctionId('likeNoteAction'),
    body: String(await encodeArguments(['3'])),
  }
  const requests = mixedRequests(like)
  const likesBefore = await likesOfNote3()
  const report = await runLoad({
    origin: app.url,
    pid: app.server.process.pid,
    requests,
    concurrency: 16,
    warmupMs: 5_000,
    durationMs: 10_000,
  })
  const figures = formatLoadReport(report)
  console.log(figures)
  expect(report.unexpected, figures).toBe(0)
  for (const { kind } of requests) expect(report.kinds[kind]?.expected, figures).toBeGreaterThan(0)

  // Every like that answered 200 was counted: concurrent calls lost no write.
  const likes =
    (report.warmupKinds['server function']?.expected ?? 0) +
    (report.kinds['server function']?.expected ?? 0)
  expect(await likesOfNote3()).toBe(likesBefore + likes)
  // And the server still answers.
  const page = await fetch(`${app.url}/notes/3`)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Note id: <!-- -->3')
  expect(app.server.process.hasExited).toBe(false)
}, 60_000)
