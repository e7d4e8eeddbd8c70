// A handler made in a test (server/core.ts, createHandler) from route modules written in the test,
// React's real server renderer (react-server.ts) and the real HTML renderer (html-renderer.ts).
// Requests are plain Request objects; nothing listens on a port.
import type { ReactNode } from 'react'
import { afterAll, beforeAll } from 'vitest'
import { resolveConfig } from '../../../src/framework/config.ts'
import { createHandler, type RequestHandler } from '../../../src/framework/server/core.ts'
import type { CoreDependencies } from '../../../src/framework/server/core-state.ts'
import { toPayloadUrl } from '../../../src/framework/wire/protocol.ts'
import { startHtmlRenderer, type TestHtmlRenderer } from './html-renderer.ts'
import { reactServer } from './react-server.ts'

export type Modules = Record<string, Record<string, unknown>>

/** The root layout most tests need: a document around the page. */
export function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}

/** Starts the HTML renderer's worker for the calling test file, and stops it after. */
export function startHtmlRendererForFile(): () => TestHtmlRenderer {
  let html: TestHtmlRenderer | undefined
  beforeAll(async () => {
    html = await startHtmlRenderer()
  })
  afterAll(() => html?.stop())
  return () => {
    if (!html) throw new Error('The HTML renderer has not started')
    return html
  }
}

export function makeHandler(
  html: () => TestHtmlRenderer,
  modules: Modules,
  overrides: Partial<CoreDependencies> = {},
): RequestHandler {
  return createHandler(testDependencies(html, modules, overrides))
}

/** What a handler made in a test is made of (createHandler(), or the build's createPrerenderer()). */
export function testDependencies(
  html: () => TestHtmlRenderer,
  modules: Modules,
  overrides: Partial<CoreDependencies> = {},
): CoreDependencies {
  return {
    routeFiles: Object.keys(modules),
    loadRouteModule: async (file) => {
      const mod = modules[file]
      if (!mod) throw new Error(`No route module ${file} in this test`)
      return mod
    },
    buildId: 'core-test',
    react: reactServer,
    loadHtmlRenderer: async () => html().renderer,
    config: resolveConfig(),
    ...overrides,
  }
}

/** A document request, as a browser's address bar makes it. */
export function documentRequest(path: string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(path, 'http://app.test'), {
    headers: { accept: 'text/html', ...headers },
  })
}

/** A navigation payload request, as the client router makes it. */
export function payloadRequest(path: string, headers: Record<string, string> = {}): Request {
  return new Request(new URL(toPayloadUrl(path), 'http://app.test'), {
    headers: { accept: 'text/x-component', ...headers },
  })
}

/** A document's HTML without its scripts: what the page shows, not the inlined payload. */
export function visibleHtml(document: string): string {
  return document.replace(/<script\b[^>]*>.*?<\/script>/gs, '')
}

/** The visible `<head>` of the document `handler` answers at `path`. */
export async function documentHead(handler: RequestHandler, path: string): Promise<string> {
  const body = visibleHtml(await (await handler(documentRequest(path))).text())
  return body.slice(0, body.indexOf('</head>'))
}
