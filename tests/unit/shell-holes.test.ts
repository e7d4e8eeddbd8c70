// Partial prerendering's holes (request/dynamic-reads.ts, server/shell-render.ts): in a shell
// render a read of the request never settles and is noted with its reader; elsewhere it reads.
// What a settled shell comes to: kept, or refused and why.
import { describe, expect, test, vi } from 'vitest'
import {
  getDynamicReason,
  ReadTrackingPromise,
  renderAsShell,
} from '../../src/framework/request/dynamic-reads.ts'
import { connection } from '../../src/framework/server/connection.ts'
import { cookies, headers } from '../../src/framework/server/request-apis.ts'
import { runWithRequest } from '../../src/framework/server/request-store.ts'
import {
  emptyShellReason,
  type SettledShell,
  shellVerdict,
} from '../../src/framework/server/shell-render.ts'
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

  test('after a 404 or a redirect: that page, for a while, with nothing said', () => {
    const classification = new RouteClassification()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    classification.pauseShell('/a/404', 'it answered 404', 10, true)
    expect(classification.shellRefusalOf('a/[id]/page.tsx', '/a/404')).toBe('it answered 404')
    expect(warn).not.toHaveBeenCalled()
    warn.mockRestore()
  })
})

describe('the verdict on a settled shell', () => {
  const kept: SettledShell = {
    failed: false,
    status: 200,
    interrupt: undefined,
    dynamicReason: undefined,
    postponed: '{"holes":1}',
    preludeBytes: 1000,
    holes: [],
  }

  test('a shell with content and holes is kept', () => {
    expect(shellVerdict(kept)).toBeUndefined()
  })

  test.each([
    [{ failed: true }, { refused: 'its shell met an error (logged above)', lasting: false }],
    [
      { dynamicReason: "dynamic = 'force-dynamic'" },
      { refused: "it is dynamic (dynamic = 'force-dynamic')", lasting: true },
    ],
    [{ postponed: null }, { refused: 'it rendered whole, with no hole to leave', lasting: true }],
  ] as const)('refused: %j', (change, refusal) => {
    expect(shellVerdict({ ...kept, ...change })).toEqual(refusal)
  })

  test('an empty shell names the read that held it back, and is tried once more', () => {
    expect(shellVerdict({ ...kept, preludeBytes: 0 })).toEqual({
      refused: emptyShellReason([]),
      lasting: true,
      empty: true,
    })
  })

  test('notFound() or redirect() outside a hole: the page’s own answer, for that page, quietly', () => {
    const missing = shellVerdict({ ...kept, interrupt: { signal: 'fallback', status: 404 } })
    expect(missing).toEqual({ refused: 'it answered 404', lasting: false, quiet: true })
    const moved = shellVerdict({
      ...kept,
      interrupt: { signal: 'redirect', url: '/elsewhere', status: 307, type: undefined },
    })
    expect(moved).toEqual({ refused: 'it answered 307', lasting: false, quiet: true })
    // An error wins: it is worth saying.
    expect(shellVerdict({ ...kept, failed: true, status: 404 })?.quiet).toBeUndefined()
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
