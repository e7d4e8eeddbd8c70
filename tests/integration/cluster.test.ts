// `WORKERS=2 npm start` on the production build, with a real redis-server (docs/deploying.md):
// two worker processes behind one port share cached() data, a revalidation through whichever
// worker answers reaches every worker (data and static pages), a killed worker is replaced, and
// SIGTERM stops them all gracefully. A request cannot choose its worker (the primary hands each
// new connection to the next worker), so each request goes on a connection of its own and the
// tests repeat requests until they have seen both workers; the lab routes under /lab/cluster say
// which process answered. Revalidating through them is the admin's (docs/security.md, "The lab"):
// the tests sign in first.
import { randomUUID } from 'node:crypto'
import { request } from 'node:http'
import { type AddressInfo, createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { ACCOUNTS } from '../e2e/support/app.ts'
import { signInOverHttp } from '../e2e/support/server-functions.ts'
import { type RunningServer, startCommand, startProductionServer } from '../e2e/support/servers.ts'
import { type RedisServer, startRedis } from './support/redis.ts'

interface Answer {
  status: number
  body: string
}

/** One request on a new connection, so that the cluster's primary hands it to the next worker. */
function send(url: string, method = 'GET', headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers, agent: false }, (res) => {
      let body = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        body += chunk
      })
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

interface Data {
  worker: number
  stamp: string
  computedBy: number
}

interface Page {
  worker: number
  renderId: string
  stamp: string
}

async function readData(origin: string): Promise<Data> {
  const answer = await send(`${origin}/lab/cluster/data`)
  expect(answer.status, answer.body).toBe(200)
  return JSON.parse(answer.body) as Data
}

/** The static page /lab/cluster: which worker rendered (and so serves) it, its render, its stamp. */
async function readPage(origin: string): Promise<Page> {
  const answer = await send(`${origin}/lab/cluster`)
  expect(answer.status, answer.body).toBe(200)
  const find = (pattern: RegExp) => {
    const found = pattern.exec(answer.body)?.[1]
    if (found === undefined) throw new Error(`no ${pattern} in the page: ${answer.body}`)
    return found
  }
  return {
    worker: Number(find(/Worker (\d+)/)),
    renderId: find(/Render ([0-9a-f-]{36})/),
    stamp: find(/Stamp ([0-9a-f-]{36})/),
  }
}

const MOST_REQUESTS = 40

/**
 * Answers of `read`, one request after another, until `workers` different workers have answered
 * at least `times` times each. Fails (with what it saw) if MOST_REQUESTS were not enough.
 */
async function untilEveryWorker<T extends { worker: number }>(
  read: () => Promise<T>,
  { workers = 2, times = 1 } = {},
): Promise<T[]> {
  const answers: T[] = []
  const count = (worker: number) => answers.filter((answer) => answer.worker === worker).length
  while (answers.length < MOST_REQUESTS) {
    answers.push(await read())
    const seen = new Set(answers.map((answer) => answer.worker))
    if (seen.size >= workers && [...seen].every((worker) => count(worker) >= times)) return answers
  }
  throw new Error(
    `${MOST_REQUESTS} requests did not reach ${workers} workers: ${JSON.stringify(answers)}`,
  )
}

/** The admin's `session=…` cookie on the cluster under test. */
let admin = ''

const revalidate = async (origin: string, what: 'tag' | 'path') => {
  const answer = await send(`${origin}/lab/cluster/revalidate?what=${what}`, 'POST', {
    cookie: admin,
  })
  expect(answer.status, answer.body).toBe(200)
}

let redis: RedisServer

beforeAll(async () => {
  redis = await startRedis()
})

afterAll(() => {
  redis?.stop()
})

describe('WORKERS=2 npm start, with REDIS_URL', () => {
  let server: RunningServer

  beforeAll(async () => {
    server = await startCommand('npm', ['start'], { WORKERS: '2', REDIS_URL: redis.url })
    // Before any worker has read the accounts: each one that does later reads this session too.
    admin = await signInOverHttp(server.url, ACCOUNTS.admin)
  })

  afterAll(async () => {
    await server?.stop()
  })

  test('one port, two workers sharing cached() data; a revalidateTag() in either reaches both', async () => {
    const before = await untilEveryWorker(() => readData(server.url))
    // One computation for both workers: the second read the first one's entry from Redis.
    expect(new Set(before.map((answer) => answer.stamp)).size).toBe(1)
    const [{ stamp: old }] = before as [Data]

    await revalidate(server.url, 'tag')

    // Every request after the revalidation, to either worker, gets fresh data.
    const after = await untilEveryWorker(() => readData(server.url))
    for (const answer of after) expect(answer.stamp).not.toBe(old)
  })

  test('a static page kept by each worker is dropped in every worker by revalidatePath() and revalidateTag()', async () => {
    // Each worker renders the page once and serves it from its memory: the same render each time.
    const kept = await untilEveryWorker(() => readPage(server.url), { times: 2 })
    const renderOf = new Map(kept.map((page) => [page.worker, page.renderId]))
    for (const page of kept) expect(page.renderId).toBe(renderOf.get(page.worker))
    expect(renderOf.size).toBe(2)

    await revalidate(server.url, 'path')
    const rendered = await untilEveryWorker(() => readPage(server.url))
    for (const page of rendered) expect([...renderOf.values()]).not.toContain(page.renderId)

    const stamps = new Set(rendered.map((page) => page.stamp))
    await revalidate(server.url, 'tag')
    const refreshed = await untilEveryWorker(() => readPage(server.url))
    for (const page of refreshed) expect(stamps).not.toContain(page.stamp)
  })

  test('a killed worker is replaced, and the port answers meanwhile', async () => {
    const workers = new Set(
      (await untilEveryWorker(() => readData(server.url))).map((a) => a.worker),
    )
    const [killed] = [...workers] as [number]
    const fromLine = server.process.output.length
    process.kill(killed, 'SIGKILL')
    await server.process.waitForLine(
      /\[cluster\] worker \d+ \(pid \d+\) was killed by SIGKILL/,
      10_000,
      fromLine,
    )
    // The other worker answers while the replacement starts.
    expect((await readData(server.url)).worker).not.toBe(killed)
    await server.process.waitForLine(
      /\[cluster\] worker \d+ \(pid \d+\) listens in place of/,
      30_000,
      fromLine,
    )
    const now = new Set((await untilEveryWorker(() => readData(server.url))).map((a) => a.worker))
    expect(now.has(killed)).toBe(false)
    expect(now.size).toBe(2)
  })
})

test('SIGTERM to the primary: the workers finish their in-flight requests and after() callbacks, then all exit with code 0', async () => {
  const server = await startProductionServer({ env: { WORKERS: '2', REDIS_URL: redis.url } })
  try {
    const fromLine = server.process.output.length
    const slow = send(`${server.url}/lab/cluster/slow?ms=3000`)
    await server.process.waitForLine(/\[lab\] slow request for 3000 ms/, 10_000, fromLine)
    // Answered at once; its after() callback takes 800 ms more.
    const id = randomUUID()
    const handled = await send(`${server.url}/lab/after/handler?id=${id}&kind=slow`)
    expect(handled.body).toBe(`Handled ${id}\n`)
    server.process.signal('SIGTERM') // the primary's PID only, as a process manager would
    const answer = await slow
    expect(answer.status).toBe(200)
    expect(JSON.parse(answer.body)).toMatchObject({ waitedMs: 3000 })
    expect(await server.process.exited).toEqual({ code: 0, signal: null })
    const log = server.process.log()
    expect(log).toContain(`[lab after] slow callback ${id} finished`)
    expect(log).toContain('[worker 1] SIGTERM: finishing in-flight requests, then exiting.')
    expect(log).toContain('[worker 2] SIGTERM: finishing in-flight requests, then exiting.')
    expect(log).toContain('[cluster] every worker has stopped.')
  } finally {
    await server.stop()
  }
})

test('workers that cannot start (the port is taken): the primary gives up and exits with code 1', async () => {
  const taken = createServer().listen(0, '127.0.0.1')
  await new Promise((done) => taken.once('listening', done))
  const { port } = taken.address() as AddressInfo
  const starting = startProductionServer({ env: { WORKERS: '2', PORT: String(port) } })
  try {
    await expect(starting).rejects.toThrow(
      /exited \(code 1, signal null\)[\s\S]*EADDRINUSE[\s\S]*5 workers in a row did: giving up/,
    )
  } finally {
    await starting.then((server) => server.stop()).catch(() => {})
    taken.close()
  }
})

describe('without WORKERS, or WORKERS=1, there is no cluster', () => {
  test.each<Record<string, string>>([{}, { WORKERS: '1' }])(
    '%o: the process that listens answers itself',
    async (env) => {
      const server = await startProductionServer({ env })
      try {
        expect((await readData(server.url)).worker).toBe(server.process.pid)
        expect(server.process.log()).not.toContain('[cluster]')
      } finally {
        await server.stop()
      }
    },
  )

  test('WORKERS=two: the server does not start, and says why', async () => {
    const starting = startProductionServer({ env: { WORKERS: 'two' } })
    try {
      await expect(starting).rejects.toThrow(
        'WORKERS must be a whole number from 1 up, or auto (it is "two").',
      )
    } finally {
      // Were it to start after all, it must not outlive the test.
      await starting.then((server) => server.stop()).catch(() => {})
    }
  })
})
