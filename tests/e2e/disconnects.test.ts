// Client disconnects (docs/security.md, issue 7 item 2), short form: clients that go
// away mid-stream abort their renders, leave no open handle behind, and the server keeps
// answering. The long form (1,000 clients) is in tests/load/load.test.ts (`npm run test:load`).
import { connect } from 'node:net'
import { expect, test } from 'vitest'
import {
  FILE_TOLERANCE,
  formatDisconnectReport,
  getChunks,
  runDisconnectScenario,
  STATS_TEXT,
  setupProductionServer,
  startProductionServer,
  waitFor,
} from './support/index.ts'

const app = setupProductionServer()

test('200 clients cut mid-stream: every render aborts, no handle leaks, the server keeps answering', async () => {
  // A server of its own: its open files are measured from its start.
  const server = await startProductionServer()
  try {
    const report = await runDisconnectScenario(server, { count: 200, concurrency: 20 })
    const figures = formatDisconnectReport(report)
    console.log(figures)
    expect(report.failures, figures).toEqual([])
    expect(report.midStream, figures).toBe(200)
    expect(report.rendersAborted, figures).toBeGreaterThanOrEqual(200)
    expect(report.filesAfter.total, figures).toBeLessThanOrEqual(
      report.filesBefore.total + FILE_TOLERANCE,
    )
    expect(report.filesAfter.sockets, figures).toBeLessThanOrEqual(report.filesBefore.sockets)
    expect(report.serverErrors, figures).toBe(0)

    const stats = await getChunks(`${server.url}/stats`, { accept: 'text/html' })
    expect(stats.status).toBe(200)
    expect(stats.body.replaceAll('<!-- -->', '')).toContain(STATS_TEXT)
    expect((await fetch(`${server.url}/notes`)).status).toBe(200)
  } finally {
    await server.stop()
  }
})

/** Sends a GET and closes the connection at once, before any of the response can arrive. */
function cutAtOnce(origin: string, path: string): Promise<void> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\naccept: text/html\r\n\r\n`)
      socket.destroy()
    })
    socket.on('close', () => resolve())
    socket.on('error', reject)
  })
}

function abortedLines(path: string): number {
  return app.server.process.output.filter(
    (line) => line.text === `[render aborted] GET ${path}: the client disconnected`,
  ).length
}

// A static page is rendered whole the first time it is asked for, and that render is kept for
// everyone after. A client that leaves during it must not leave a broken page behind.
test('a client leaving during the first render of a static page does not break the page for later visitors', async () => {
  const paths = Array.from({ length: 5 }, (_, i) => `/lab/pages/left-early-${i}`)
  // Their renders run to the end even so: a page about to be kept for everyone is finished.
  for (const path of paths) await cutAtOnce(app.url, path)
  for (const path of paths) {
    const slug = path.split('/').pop()!
    const document = await fetch(app.url + path)
    const html = await document.text()
    expect(document.status, `${path}: ${html.slice(0, 300)}`).toBe(200)
    expect(html.replaceAll('<!-- -->', '')).toContain(`Slug: [&quot;${slug}&quot;]`)
    const payload = await fetch(`${app.url + path}_.rsc`)
    const rsc = await payload.text()
    expect(payload.status).toBe(200)
    expect(rsc, path).toContain(`"slug":["${slug}"]`)
    expect(rsc, path).not.toContain('E{"digest":""}')
  }
})

test('a client leaving before the first byte is not logged as a server error', async () => {
  const paths = Array.from({ length: 5 }, (_, i) => `/lab/never?left-early=${i}`)
  const from = app.server.process.output.length
  for (const path of paths) await cutAtOnce(app.url, path)
  await waitFor(() => (abortedLines('/lab/never') >= paths.length ? true : undefined), {
    describe: () => `${abortedLines('/lab/never')} of ${paths.length} renders aborted`,
  })
  // The server has seen every disconnect; what it logged for them:
  const logged = app.server.process.output.slice(from).map((line) => line.text)
  expect(logged.filter((line) => line.startsWith('[server error]'))).toEqual([])
})
