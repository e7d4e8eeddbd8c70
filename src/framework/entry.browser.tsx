// The browser entry: decode the inlined payload, hydrate the document, start the router.
import { createFromReadableStream, setServerCallback } from '@vitejs/plugin-rsc/browser'
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client'
import './client/dev-error-overlay.ts'
import { Router } from './client/router.tsx'
import { readInlinePayload } from './wire/inline-payload.browser.ts'
import { parseInterrupt } from './wire/interrupts.ts'
import type { RscPayload } from './wire/payload.ts'
import { CLIENT_RENDER_ATTRIBUTE } from './wire/protocol.ts'

/** Interrupts are how redirect() and notFound() work, not failures worth a console error. */
function isExpected(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined
  return parseInterrupt(error) !== null || parseInterrupt(cause) !== null
}

async function main() {
  // Many pages never call a server function: the code that calls one loads on the first call
  // (and stays in the browser's cache, as every asset does, for the later page loads).
  setServerCallback(async (id, args) =>
    (await import('./client/call-server.ts')).callServer(id, args),
  )
  const initial = await createFromReadableStream<RscPayload>(readInlinePayload())
  const options: RootOptions = {
    // A boundary the server could not finish because of an interrupt is expected.
    onRecoverableError: (error) => isExpected(error) || reportError(error),
    // The framework's boundaries catch interrupts by design; other caught errors are logged.
    onCaughtError: (error) => isExpected(error) || console.error(error),
  }
  const router = <Router initial={initial} />
  // The server could not render the page (a client component failed there): render it here.
  if (document.documentElement.hasAttribute(CLIENT_RENDER_ATTRIBUTE)) {
    createRoot(document, options).render(router)
  } else {
    hydrateRoot(document, router, { ...options, formState: initial.formState })
  }
}

main()
