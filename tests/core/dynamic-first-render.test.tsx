// A route's first render, made for everyone to classify it (docs/caching.md, "How routes are
// classified"), is not waited for once it has read the request: the visitor's page streams from
// a render of its own at once, however long the first one would have streamed, and the build's
// prerenderer (build/prerender.ts) learns the route is dynamic without waiting for it either.
import { type ReactNode, Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import { connection } from '../../src/framework/index.ts'
import { createPrerenderer } from '../../src/framework/server/core.ts'
import {
  documentRequest,
  type Modules,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
  testDependencies,
  visibleHtml,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

async function SlowPart({ gate }: { gate: Promise<void> }): Promise<ReactNode> {
  await gate
  return <p>The slow part</p>
}

/** A page that awaits connection(), then streams a part that waits until the test opens `gate`. */
function slowPageModules(gate: Promise<void>): Modules {
  return {
    'layout.tsx': { default: RootLayout },
    'slow/page.tsx': {
      default: async () => {
        await connection()
        return (
          <>
            <h1>Shell</h1>
            <Suspense fallback={<p>Waiting…</p>}>
              <SlowPart gate={gate} />
            </Suspense>
          </>
        )
      },
    },
  }
}

function gate() {
  let open = () => {}
  const opened = new Promise<void>((resolve) => {
    open = resolve
  })
  return { opened, open }
}

describe('a page that awaited connection() and then streams slowly', () => {
  it('answers its first request with its shell at once, then streams the rest', async () => {
    const slow = gate()
    const handler = makeHandler(html, slowPageModules(slow.opened))
    const response = await handler(documentRequest('/slow'))
    expect(response.status).toBe(200)
    slow.open()
    const body = visibleHtml(await response.text())
    expect(body).toContain('Shell')
    expect(body).toContain('The slow part')
  })

  it('is known dynamic to the build, which does not wait for its render', async () => {
    const slow = gate()
    const prerenderer = createPrerenderer(testDependencies(html, slowPageModules(slow.opened)))
    const response = await prerenderer.handler(documentRequest('/slow'))
    expect(prerenderer.rendering('slow/page.tsx')).toBe('dynamic')
    await response.body?.cancel()
    slow.open()
  })
})
