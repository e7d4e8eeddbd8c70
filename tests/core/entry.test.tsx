// The rsc entry (src/framework/entry.rsc.tsx) makes no handler when imported (docs/embedding.md):
// a host that makes its own with createRequestHandler() never gets a second one, with its own
// static pages and cache store, as a side effect. The build's modules are replaced here by the
// test's: its routes (whose listing counts the handlers made, as createRequestHandler() reads it
// once per handler), options, and React (support/react-server.ts).
import { describe, expect, it, vi } from 'vitest'

const made = vi.hoisted(() => ({ handlers: 0 }))

vi.mock('virtual:framework/routes', async () => {
  const { RootLayout } = await import('./support/app.tsx')
  const files: Record<string, () => Promise<Record<string, unknown>>> = {
    'layout.tsx': async () => ({ default: RootLayout }),
    'page.tsx': async () => ({ default: () => <p>Entry page</p> }),
  }
  const routeModules = new Proxy(files, {
    ownKeys(target) {
      made.handlers++
      return Reflect.ownKeys(target)
    },
  })
  return { routeModules }
})
vi.mock('virtual:framework/options', () => ({
  default: {},
  buildId: 'entry-test',
  draftModeSecret: 'entry-test-secret',
}))
vi.mock('virtual:framework/middleware', () => ({ middleware: undefined }))
vi.mock('virtual:framework/metadata-files', () => ({ staticMetadataFiles: {} }))
vi.mock(
  '@vitejs/plugin-rsc/rsc.node',
  async () => (await import('./support/react-server.ts')).reactServer,
)

describe('the rsc entry', () => {
  it('makes no handler on import; the default export makes one, on its first request', async () => {
    const entry = await import('../../src/framework/entry.rsc.tsx')
    expect(made.handlers).toBe(0)

    const own = entry.createRequestHandler()
    expect(made.handlers).toBe(1)
    const response = await own(new Request('http://app.test/_.rsc'))
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Entry page')
    expect(made.handlers).toBe(1)

    const first = await entry.default(new Request('http://app.test/_.rsc'))
    await first.text()
    await (await entry.default(new Request('http://app.test/_.rsc'))).text()
    expect(made.handlers).toBe(2)
  }, 30_000) // its first import transforms the whole runtime: seconds on a busy machine
})
