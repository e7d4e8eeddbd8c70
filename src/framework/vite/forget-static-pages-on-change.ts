// In dev, tells the rsc environment of every changed file, so that it forgets the static pages
// and route kinds it found with the old code (static/page-store.ts). HMR alone does not reach them:
// it re-runs only the edited module and those importing it, and a module only the client and
// SSR use (a client component's helper) is not in the rsc environment at all.
import type { Plugin } from 'vite'
import { DEV_CODE_CHANGED_EVENT } from '../wire/protocol.ts'

export function forgetStaticPagesOnChange(): Plugin {
  return {
    name: 'framework:forget-static-pages-on-change',
    apply: 'serve',
    applyToEnvironment: (environment) => environment.name === 'rsc',
    hotUpdate: {
      // Before the update itself, so that no request served with the new code finds old pages.
      order: 'pre',
      handler() {
        this.environment.hot.send({ type: 'custom', event: DEV_CODE_CHANGED_EVENT })
      },
    },
  }
}
