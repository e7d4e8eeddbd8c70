// The server renders with React's Node builds (Node streams are faster on Node), but
// plugin-rsc's own modules import the edge builds. Two RSC server builds cannot render at once
// (one inside the other fails: "React only supports one RSC renderer at a time"), so every
// import of an edge build gets the Node build, which exports all that the edge one does.
import type { Plugin } from 'vite'

const REACT_SERVER_DOM = '@vitejs/plugin-rsc/vendor/react-server-dom'
const EDGE_BUILD = /^@vitejs\/plugin-rsc\/vendor\/react-server-dom\/(server|client|static)\.edge$/

export function nodeReactBuilds(): Plugin {
  return {
    name: 'framework:node-react-builds',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    config: () => {
      // Prebundled in dev, as plugin-rsc does for the edge builds.
      const node = (name: string) => `${REACT_SERVER_DOM}/${name}.node`
      return {
        environments: {
          rsc: { optimizeDeps: { include: ['server', 'client', 'static'].map(node) } },
          ssr: { optimizeDeps: { include: [node('client')] } },
        },
      }
    },
    resolveId: {
      order: 'pre',
      filter: { id: EDGE_BUILD },
      handler(source, importer, options) {
        return this.resolve(source.replace(/\.edge$/, '.node'), importer, {
          ...options,
          skipSelf: true,
        })
      },
    },
  }
}
