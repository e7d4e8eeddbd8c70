// Requests to `WORKERS=N npm start` (docs/deploying.md). A request cannot choose its worker (the
// primary hands each new connection to the next worker), so each request goes on a connection
// of its own and the tests repeat requests until they have seen every worker; the lab routes
// under /lab/cluster say which process answered.
import { request } from 'node:http'
import { expect } from 'vitest'

export interface Answer {
  status: number
  body: string
}

export interface SendOptions {
  method?: string
  headers?: Record<string, string>
  body?: string
}

/** One request on a new connection, so that the cluster's primary hands it to the next worker. */
export function send(url: string, options: SendOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          body += chunk
        })
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end(options.body)
  })
}

export interface Data {
  worker: number
  stamp: string
  computedBy: number
}

/** /lab/cluster/data: the cached stamp, and which worker answered. */
export async function readData(origin: string): Promise<Data> {
  const answer = await send(`${origin}/lab/cluster/data`)
  expect(answer.status, answer.body).toBe(200)
  return JSON.parse(answer.body) as Data
}

const MOST_REQUESTS = 40

/**
 * Answers of `read`, one request after another, until `workers` different workers have answered
 * at least `times` times each. Fails (with what it saw) if MOST_REQUESTS were not enough.
 */
export async function untilEveryWorker<T extends { worker: number }>(
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

/**
 * POST /lab/cluster/revalidate?what=…: revalidates the stamp's tag, or the path /lab/cluster. A
 * lab control: `cookie` is the admin's session, unless the server runs with `LAB_CONTROLS=open`
 * (docs/security.md, "The lab").
 */
export function revalidate(origin: string, what: 'tag' | 'path', cookie?: string): Promise<Answer> {
  const headers: Record<string, string> = cookie ? { cookie } : {}
  return send(`${origin}/lab/cluster/revalidate?what=${what}`, { method: 'POST', headers })
}
