// The `cloudflare` build target (framework({ target: 'cloudflare' }), docs/deploying.md#cloudflare-workers):
// the rsc environment becomes a Worker run by workerd, with the ssr environment inside it, and
// the client build served as the Worker's static assets. Imported only for that target, and the
// Cloudflare plugin only when called, so that a Node app never needs @cloudflare/vite-plugin
// installed (its types: cloudflare-plugin.d.ts).
import type { Plugin } from 'vite'
import type { FrameworkBuildOptions } from '../config.ts'
import { frameworkFile } from './paths.ts'

export async function cloudflareWorker(
  options: NonNullable<FrameworkBuildOptions['cloudflare']>,
): Promise<Plugin[]> {
  const { cloudflare } = await import('@cloudflare/vite-plugin')
  return cloudflare({
    ...options,
    // One Worker: the ssr environment runs in the rsc one's isolate, as on Node.
    viteEnvironment: { name: 'rsc', childEnvironments: ['ssr'] },
    // The app's wrangler.jsonc names the Worker and its bindings; the framework gives the entry.
    config: { main: frameworkFile('workers/worker.ts') },
  })
}
