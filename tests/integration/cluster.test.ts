// `WORKERS=2 npm start` on the production build, with a real redis-server (docs/deploying.md):
// two worker processes behind one port share cached() data and the notebook's data (sessions,
// likes), a revalidation through whichever worker answers reaches every worker (data and static
// pages), a killed worker is replaced, and
// SIGTERM stops them all gracefully. A request cannot choose its worker (the primary hands each
// new connection to the next worker), so each request goes on a connection of its own and the
// tests repeat requests until they have seen both workers (support/cluster.ts); the lab routes
// under /lab/cluster say which process answered. Revalidating through them is the admin's
// (docs/security.md, "The lab"): the tests sign in first.
import { randomUUID } from 'node:crypto'
import { type AddressInfo, createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { HEADER_ACTION_ID } from '../../src/framework/wire/protocol.ts'
import { ACCOUNTS } from '../e2e/support/app.ts'
import { encodeArguments, serverFunctionId, signIn } from '../e2e/support/client-calls.ts'
import { signInOverHttp } from '../e2e/support/server-functions.ts'
import { type RunningServer, startCommand, startProductionServer } from '../e2e/support/servers.ts'
import { type Data, readData, revalidate, send, untilEveryWorker } from './support/cluster.ts'
import { type RedisServer, startRedis } from './support/redis.ts'

interface Page {
  worker: number
  renderId: string
  stamp: string
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

/** The admin's `session=…` cookie on the cluster under test. */
let admin = ''

const revalidated = async (origin: string, what: 'tag' | 'path') => {
  const answer = await revalidate(origin, what, admin)
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

    await revalidated(server.url, 'tag')

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

    await revalidated(server.url, 'path')
    const rendered = await untilEveryWorker(() => readPage(server.url))
    for (const page of rendered) expect([...renderOf.values()]).not.toContain(page.renderId)

    const stamps = new Set(rendered.map((page) => page.stamp))
    await revalidated(server.url, 'tag')
    const refreshed = await untilEveryWorker(() => readPage(server.url))
    for (const page of refreshed) expect(stamps).not.toContain(page.stamp)
  })

  test("the notebook's data is shared: a session signed in on one worker is known to every worker, and concurrent likes through both are all counted", async () => {
    // Each request on its own connection: the primary alternates them between the workers. Both
    // have read their accounts (an unknown session) before the sign-in: a worker that keeps its
    // own copy would not see the session made afterwards in the other.
    const unknown = await Promise.all(
      Array.from({ length: 4 }, () =>
        send(`${server.url}/account`, { headers: { cookie: 'session=unknown' } }),
      ),
    )
    expect(unknown.map((answer) => answer.status)).toEqual(Array(4).fill(401))
    const cookie = await signIn(server.url, ACCOUNTS.member.username, ACCOUNTS.member.password)
    const accounts = await Promise.all(
      Array.from({ length: 8 }, () => send(`${server.url}/account`, { headers: { cookie } })),
    )
    expect(accounts.map((answer) => answer.status)).toEqual(Array(8).fill(200))
    for (const answer of accounts) expect(answer.body).toMatch(/Signed in as (<!-- -->)?reader/)

    const likes = async () => {
      const answer = await send(`${server.url}/api/notes`)
      expect(answer.status, answer.body).toBe(200)
      const { notes } = JSON.parse(answer.body) as { notes: { id: string; likes: number }[] }
      return notes.find((note) => note.id === '3')!.likes
    }
    const before = await likes()
    const like = {
      method: 'POST',
      headers: {
        [HEADER_ACTION_ID]: serverFunctionId('likeNoteAction'),
        accept: 'text/x-component',
        'content-type': 'text/plain;charset=UTF-8',
      },
      body: String(await encodeArguments(['3'])),
    }
    const liked = await Promise.all(
      Array.from({ length: 16 }, () => send(`${server.url}/notes/3_.rsc`, like)),
    )
    expect(liked.map((answer) => answer.status)).toEqual(Array(16).fill(200))
    // Every worker sees every like.
    const after = await Promise.all(Array.from({ length: 4 }, likes))
    expect(after).toEqual(Array(4).fill(before + 16))
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
