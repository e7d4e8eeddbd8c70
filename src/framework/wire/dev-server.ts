// Dev server only: how the rsc side, the framework's Vite plugin and the browser speak about
// server errors. A failed render's error goes to Vite's error overlay (the element that Vite's
// client defines), in the document itself or, for a page already open, over Vite's HMR channel.
// The code-changed event of the rsc side is in protocol.ts (DEV_CODE_CHANGED_EVENT).

/** The rsc side → the Vite plugin: a server error (a DevErrorPayload) for the open pages' overlay. */
export const DEV_SERVER_ERROR_EVENT = 'framework:server-error'

/** The Vite plugin → the browser: a file changed, which a failed document reloads for. */
export const DEV_SERVER_CHANGED_EVENT = 'framework:server-changed'

/** Vite's client: it defines the `vite-error-overlay` element and exports its class. */
export const DEV_VITE_CLIENT_URL = '/@vite/client'
