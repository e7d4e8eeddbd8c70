// The three environments of @vitejs/plugin-rsc (rsc, ssr, client) with the framework's entries,
// and the framework's plan for which chunk each client reference goes to (client-chunks.ts).
import rsc from '@vitejs/plugin-rsc'
import type { PluginOption } from 'vite'
import { clientReferenceChunk } from './client-chunks.ts'
import { frameworkFile } from './paths.ts'

/** @param rootLayoutModules filled by rootLayoutImports (root-layout-imports.ts) during the rsc build. */
export function rscEnvironments(rootLayoutModules: ReadonlySet<string>): PluginOption {
  return rsc({
    entries: {
      rsc: frameworkFile('entry.rsc.tsx'),
      ssr: frameworkFile('entry.ssr.tsx'),
      client: frameworkFile('entry.browser.tsx'),
    },
    clientChunks: clientReferenceChunk(rootLayoutModules),
  })
}
