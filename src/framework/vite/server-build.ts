// How the environments are built: the server as production code that runs without node_modules
// (every dependency bundled), with `npm start`'s entry on Node, and the client in the chunks the
// framework plans (client-chunks.ts).
import type { Plugin } from 'vite'
import type { FrameworkBuildOptions } from '../config.ts'
import { clientChunkGroups } from './client-chunks.ts'
import { frameworkFile } from './paths.ts'

export function serverBuild(target: NonNullable<FrameworkBuildOptions['target']>): Plugin {
  return {
    name: 'framework:server-build',
    config: (_, { command }) => {
      // A build is production code wherever it runs, embedded included: never development React.
      const define =
        command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}
      return {
        environments: {
          // Bundle every dependency so dist/ runs without node_modules.
          rsc: {
            define,
            resolve: { noExternal: true },
            // `npm start` (node/server.ts); a Worker's entry is workers/worker.ts instead.
            build:
              target === 'node'
                ? { rollupOptions: { input: { server: frameworkFile('node/server.ts') } } }
                : {},
          },
          ssr: { define, resolve: { noExternal: true } },
          client: {
            build: {
              rolldownOptions: {
                output: { codeSplitting: { groups: clientChunkGroups() } },
              },
            },
          },
        },
      }
    },
  }
}
