// Partial prerendering's holes (request/dynamic-reads.ts, server/shell-render.ts): in a shell
// render a read of the request never settles and is noted with its reader; elsewhere it reads.
import { describe, expect, test, vi } from 'vitest'
import {
  getDynamicReason,
  ReadTrackingPromise,
  renderAsShell,
} from '../../src/framework/request/dynamic-reads.ts'
import { connection } from '../../src/framework/server/connection.ts'
import { cookies, headers } from '../../src/framework/server/request-apis.ts'
import { runWithRequest } from '../../src/framework/server/request-store.ts'
import { emptyShellReason } from '../../src/framework/server/shell-render.ts'
import { RouteClassification } from '../../src/framework/static/classification.ts'

const request = () => new Request('http://localhost/page', { headers: { cookie: 'a=1' } })

/** A component that reads the request, as a page's would. */
async function Greeting() {
  await cookies()
}

/** Whether `promise` settles within a few turns of the event loop. */
async function settles(promise: Promise<unknown>): Promise<boolean> {
  const later = new Promise((resolve) => setTimeout(() => resolve('pending'), 20))
  return (await Promise.race([promise.then(() => 'settled'), later])) === 'settled'
}

describe('in a shell render', () => {
  test('cookies(), headers(), connection() and searchParams never settle, and are noted', async () => {
    await runWithRequest(request(), async () => {
      const holes = renderAsShell()
      const search = ReadTrackingPromise.of({ q: '1' }, 'searchParams')
      const reads = [cookies(), headers(), connection(), search.then((value) => value)]
      for (const read of reads) expect(await settles(read)).toBe(false)
      expect(holes.map((hole) => hole.reason)).toEqual([
        'cookies()',
        'headers()',
        'connection()',
        'searchParams',
      ])
      // A hole is not a dynamic read: the shell may still be kept.
      expect(getDynamicReason()).toBeUndefined()
    })
  })

  test('a read outside Suspense names the component that made it', async () => {
    await runWithRequest(request(), async () => {
      const holes = renderAsShell()
      void Greeting()
      expect(emptyShellReason(holes)).toBe(
        'cookies() was read by <Greeting> outside every <Suspense> boundary. Wrap the component that reads it in <Suspense> (its fallback goes in the shell)',
      )
    })
  })

  test('with no read noted, the reason says what else can hold the shell back', () => {
    expect(emptyShellReason([])).toMatch(/still waiting 50 ms after the rest had settled/)
  })
})

test('outside a shell render the same reads settle, and make the render dynamic', async () => {
  await runWithRequest(request(), async () => {
    expect((await cookies()).get('a')?.value).toBe('1')
    expect(getDynamicReason()).toBe('cookies()')
  })
})

describe('a route without a shell', () => {
  test('for good: said once, and kept until the code changes', () => {
    const classification = new RouteClassification()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    classification.refuseShell('a/page.tsx', '/a', 'cookies() was read outside')
    classification.refuseShell('a/page.tsx', '/a', 'cookies() was read outside')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(classification.shellRefusalOf('a/page.tsx')).toBe('cookies() was read outside')
    classification.clear()
    expect(classification.shellRefusalOf('a/page.tsx')).toBeUndefined()
    warn.mockRestore()
  })

  test('after a failed shell: that page, for a while, then tried again', () => {
    vi.useFakeTimers()
    const classification = new RouteClassification()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    classification.pauseShell('/a/1', 'its shell met an error', 10)
    expect(classification.shellRefusalOf('a/[id]/page.tsx', '/a/1')).toBe('its shell met an error')
    // Another page of the route keeps its shell.
    expect(classification.shellRefusalOf('a/[id]/page.tsx', '/a/2')).toBeUndefined()
    vi.advanceTimersByTime(10_000)
    expect(classification.shellRefusalOf('a/[id]/page.tsx', '/a/1')).toBeUndefined()
    warn.mockRestore()
    vi.useRealTimers()
  })
})

test('a read by generateMetadata() outside Suspense is named as such', async () => {
  await runWithRequest(request(), async () => {
    const holes = renderAsShell()
    void generateMetadata()
    expect(emptyShellReason(holes)).toMatch(
      /^cookies\(\) was read by generateMetadata\(\), whose tags go in the document's <head>/,
    )
  })
})

/** As a page's would. */
async function generateMetadata() {
  await cookies()
  return {}
}
