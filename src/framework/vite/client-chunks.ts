// The client chunks the framework plans, shared by the two plugins that make them: plugin-rsc
// puts client references into groups (rsc-environments.ts), and rolldown's codeSplitting groups
// turn the groups and the modules around them into chunks (server-build.ts).
import type { Rolldown } from 'vite'
import { frameworkFile } from './paths.ts'

/** plugin-rsc's module for the client references that clientChunks put in chunk `name`. */
const clientReferenceGroup = (name: string) => `\0virtual:vite-rsc/client-references/group/${name}`

/** The chunks of the framework's own client references, by module id. */
const FRAMEWORK_CLIENT_CHUNKS: Record<string, string> = {
  [frameworkFile('client/boundaries.tsx')]: 'entry',
  [frameworkFile('client.ts')]: 'entry',
}

/**
 * plugin-rsc's `clientChunks`: client references are grouped into chunks by the server chunk that
 * uses them; the ones every page renders, the framework's and the root layout's (found by
 * root-layout-imports.ts), go with the entry instead (clientChunkGroups).
 */
export const clientReferenceChunk =
  (rootLayoutModules: ReadonlySet<string>) =>
  ({ id }: { id: string }): string | undefined =>
    FRAMEWORK_CLIENT_CHUNKS[id] ?? (rootLayoutModules.has(id) ? 'entry' : undefined)

/**
 * The client chunks by rolldown's codeSplitting groups: each holds the modules it starts from and
 * what those import statically, but not what is imported dynamically (that stays out, to be
 * loaded when used) nor what an earlier group holds.
 *
 * - `index`, the entry's, for what every page loads: what the entry imports (React, React DOM,
 *   the Flight client, the router), the framework's client references (the boundaries, Link,
 *   the hooks) and the root layout's client components. Left to itself, rolldown splits `react`
 *   into a chunk of its own and Link and the hooks into another, and plugin-rsc gives each of
 *   the layout's client components its own: more files, each with its import and export glue,
 *   on every page.
 * - `fallbacks`: the default 404, 401 and 403 screens, which the root's boundary loads when it
 *   shows one: one file, not one per screen and one they share.
 */
export function clientChunkGroups(): Rolldown.CodeSplittingGroup[] {
  const chunks: [name: string, roots: string[]][] = [
    ['index', [frameworkFile('entry.browser.tsx'), clientReferenceGroup('entry')]],
    ['fallbacks', [frameworkFile('../fallbacks/default-screen.tsx')]],
  ]
  let plan: { context: Rolldown.ChunkingContext; chunkOf: Map<string, string> } | undefined
  const chunkOf = (id: string, context: Rolldown.ChunkingContext) => {
    if (plan?.context !== context) {
      const found = new Map<string, string>()
      const visit = (moduleId: string, name: string) => {
        if (found.has(moduleId)) return
        found.set(moduleId, name)
        for (const imported of context.getModuleInfo(moduleId)?.importedIds ?? []) {
          visit(imported, name)
        }
      }
      for (const [name, roots] of chunks) {
        for (const root of roots) if (context.getModuleInfo(root)) visit(root, name)
      }
      plan = { context, chunkOf: found }
    }
    return plan.chunkOf.get(id)
  }
  // One group per chunk, earlier ones first: a group also takes what its modules import,
  // which a later group must not take from it.
  return chunks.map(([name], i) => ({
    name: (id, context) => (chunkOf(id, context) === name ? name : null),
    priority: chunks.length - i,
  }))
}
