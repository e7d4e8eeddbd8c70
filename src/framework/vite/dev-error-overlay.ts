// Dev server: a server error of a page already open (a navigation, a server function call, a
// route handler it fetched) opens Vite's error overlay there. The rsc side sends the error
// (server/dev-errors.ts); this hands it to the browser (client/dev-error-overlay.ts). A
// document that failed carries its overlay itself, for it has no page open yet, and reloads at
// the next edit of server code, which this announces: plugin-rsc's own announcement skips a
// module whose last compilation failed (a syntax error being fixed).
import type { Plugin, ViteDevServer } from 'vite'
import {
  DEV_SERVER_CHANGED_EVENT,
  DEV_SERVER_ERROR_EVENT,
  type DevErrorPayload,
} from '../wire/dev-server.ts'

export function devErrorOverlay(): Plugin {
  let server: ViteDevServer | undefined
  return {
    name: 'framework:dev-error-overlay',
    apply: 'serve',
    configureServer(devServer) {
      server = devServer
      const { rsc, client } = devServer.environments
      // Not as Vite's own `error`, which Vite keeps for the next page when none is open.
      rsc?.hot.on(DEV_SERVER_ERROR_EVENT, (data: DevErrorPayload) => {
        client?.hot.send({ type: 'custom', event: DEV_SERVER_ERROR_EVENT, data })
      })
    },
    hotUpdate() {
      if (this.environment.name !== 'rsc') return
      server?.environments.client?.hot.send({ type: 'custom', event: DEV_SERVER_CHANGED_EVENT })
    },
  }
}
