// What src/framework/ssr/render-html.tsx uses of @vitejs/plugin-rsc/ssr.node, for the HTML
// renderer of the core tests (html-worker.mjs aliases that module to this one): React's Flight
// client for Node, whose client references load through the worker's __webpack_require__, and a
// made-up URL for the browser entry (no browser runs these documents).
import { createFromNodeStream as createFromFlight } from 'react-server-dom-webpack/client.node'

export const CLIENT_ENTRY_URL = '/assets/test-entry.js'

/** As plugin-rsc's: an empty manifest passes each reference's id through to __webpack_require__. */
export function createFromNodeStream(stream, options = {}) {
  return createFromFlight(stream, {}, options)
}

export function getClientEntryUrl() {
  return CLIENT_ENTRY_URL
}
