// request/outside-requests.ts: work kept past a request starts outside every request's
// AsyncLocalStorage context, from the startup context or, where the host handles a request from
// its root (the Workers dev server, workers/worker.ts), from that request's context before any
// store was entered.
import { AsyncLocalStorage } from 'node:async_hooks'
import { describe, expect, test } from 'vitest'
import {
  handleFromRequestRoot,
  startOutsideRequests,
} from '../../src/framework/request/outside-requests.ts'

const store = new AsyncLocalStorage<string>()

describe('startOutsideRequests', () => {
  test('runs outside the request store, from the startup context', () => {
    const seen = store.run('request', () => startOutsideRequests(() => store.getStore()))
    expect(seen).toBeUndefined()
  })

  // The store the host entered before the root stands for what workerd keeps of a request (its
  // I/O context): the started work, and what it starts in turn, stays in that request's root.
  test('from a request root: outside the stores entered after it, in what it started too', async () => {
    const host = new AsyncLocalStorage<string>()
    const seen = () => [host.getStore(), store.getStore()]
    const started = host.run('host', () =>
      handleFromRequestRoot(() =>
        store.run('request', () =>
          startOutsideRequests(async () => {
            const direct = seen()
            await Promise.resolve()
            const later = seen()
            const nested = store.run('inner', () => startOutsideRequests(seen))
            return { direct, later, nested }
          }),
        ),
      ),
    )
    const root = ['host', undefined]
    expect(await started).toEqual({ direct: root, later: root, nested: root })
  })
})
