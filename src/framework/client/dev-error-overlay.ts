// Development: a server error of this page (a navigation, a server function call, a route
// handler it fetched) opens Vite's error overlay, the element Vite's client defines. The rsc side
// sends it through the framework's Vite plugin as an event of its own, not as Vite's `error`
// message, which Vite keeps for the next page to connect when none is open, where it would show
// an error that page never met. A production build has no `import.meta.hot`, and none of this.
import { DEV_SERVER_ERROR_EVENT, type DevErrorPayload } from '../wire/dev-server.ts'

type OverlayElement = HTMLElement & { close(): void }
type Overlay = new (error: DevErrorPayload) => OverlayElement

function showOverlay(error: DevErrorPayload) {
  const Overlay = customElements.get('vite-error-overlay') as Overlay | undefined
  if (!Overlay) return
  // One overlay, the latest error, as Vite shows its own.
  for (const shown of document.querySelectorAll<OverlayElement>('vite-error-overlay')) shown.close()
  document.body.appendChild(new Overlay(error))
}

if (import.meta.hot) import.meta.hot.on(DEV_SERVER_ERROR_EVENT, showOverlay)
