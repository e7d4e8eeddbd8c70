// The browser entry: decode the inlined payload, hydrate the document, start the router.
import { createFromReadableStream, setServerCallback } from '@vitejs/plugin-rsc/browser'
import { hydrateRoot } from 'react-dom/client'
import { callServer } from './client/call-server.ts'
import { readInlinePayload } from './client/inline-payload.ts'
import { Router } from './client/router.tsx'
import { parseInterrupt } from './interrupts.ts'
import type { RscPayload } from './payload.ts'

/** A boundary the server could not finish because of redirect() or notFound() is expected. */
function reportRecoverableError(error: unknown) {
  const cause = error instanceof Error ? error.cause : undefined
  if (parseInterrupt(error) || parseInterrupt(cause)) return
  reportError(error)
}

async function main() {
  setServerCallback(callServer)
  const initial = await createFromReadableStream<RscPayload>(readInlinePayload())
  hydrateRoot(document, <Router initial={initial} />, {
    formState: initial.formState,
    onRecoverableError: reportRecoverableError,
  })
}

main()
