// The Redis handler with a real redis-server: two separate Node processes, each running the
// framework's cache with REDIS_URL set, share an entry, and revalidateTag() in one makes the
// other miss on its next read. Needs `redis-server` on PATH (apt-get install -y redis-server).
import { type ChildProcess, spawn } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { createInterface, type Interface } from 'node:readline'
import { setTimeout as sleep } from 'node:timers/promises'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RedisServer, startRedis } from './support/redis.ts'

const ROOT = resolve(import.meta.dirname, '../..')
// Inside node_modules, so that the built script finds ioredis and lru-cache as the app would.
const OUT_DIR = join(ROOT, 'node_modules/.cache/redis-cache-test')

interface ReadResult {
  value: { page: number; computedBy: number; at: string }
  computed: boolean
}

/** One server process running the framework's cache, driven by JSON lines. */
class CacheProcess {
  readonly child: ChildProcess
  readonly #lines: Interface
  readonly #replies: ((line: string) => void)[] = []

  constructor(script: string, redisUrl: string) {
    this.child = spawn(process.execPath, [script], {
      env: { ...process.env, REDIS_URL: redisUrl, NODE_ENV: 'production' },
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    this.#lines = createInterface({ input: this.child.stdout! })
    this.#lines.on('line', (line) => this.#replies.shift()?.(line))
  }

  get pid(): number {
    return this.child.pid!
  }

  async #send<T>(command: object): Promise<T> {
    const line = await new Promise<string>((reply) => {
      this.#replies.push(reply)
      this.child.stdin!.write(`${JSON.stringify(command)}\n`)
    })
    const reply = JSON.parse(line) as { result?: T; error?: string }
    if (reply.error !== undefined) throw new Error(`process ${this.pid}: ${reply.error}`)
    return reply.result as T
  }

  read(page = 1): Promise<ReadResult> {
    return this.#send({ op: 'read', page })
  }

  revalidateTag(tag: string): Promise<unknown> {
    return this.#send({ op: 'revalidate', tag })
  }

  stop(): void {
    this.child.stdin!.end()
    this.child.kill()
  }
}

describe('Redis cache handler, shared by two server processes', () => {
  let redis: RedisServer | undefined
  let a: CacheProcess
  let b: CacheProcess

  beforeAll(async () => {
    redis = await startRedis()
    // Node 20 cannot run TypeScript: build the process script (and the framework's cache) once.
    await build({
      configFile: false,
      root: ROOT,
      logLevel: 'warn',
      build: {
        ssr: 'tests/integration/fixtures/cache-process.ts',
        outDir: OUT_DIR,
        emptyOutDir: true,
        minify: false,
      },
    })
    const script = join(OUT_DIR, 'cache-process.js')
    a = new CacheProcess(script, redis.url)
    b = new CacheProcess(script, redis.url)
  })

  afterAll(async () => {
    a?.stop()
    b?.stop()
    redis?.stop()
    await rm(OUT_DIR, { recursive: true, force: true })
  })

  it('share an entry, and a revalidateTag() in one makes the other miss', async () => {
    expect(a.pid).not.toBe(b.pid)

    const first = await a.read()
    expect(first.computed).toBe(true)
    expect(first.value.computedBy).toBe(a.pid)

    // B never computed this value: it reads A's entry from Redis.
    const shared = await b.read()
    expect(shared.computed).toBe(false)
    expect(shared.value).toEqual(first.value)

    // Other arguments are another entry.
    expect((await b.read(2)).computed).toBe(true)

    await a.revalidateTag('notes')

    // Entries computed in the same millisecond as an invalidation count as stale (the safe side
    // of a tie): let the clock move on, so that B's new entry is clearly newer.
    await sleep(5)
    const afterInvalidation = await b.read()
    expect(afterInvalidation.computed).toBe(true)
    expect(afterInvalidation.value.computedBy).toBe(b.pid)

    // And A now reads B's new entry.
    const again = await a.read()
    expect(again.computed).toBe(false)
    expect(again.value).toEqual(afterInvalidation.value)
    expect((await a.read(2)).computed).toBe(true)
  })
})
