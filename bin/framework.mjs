#!/usr/bin/env node
// `framework typegen`: writes the app's route types (.framework/types/routes.d.ts) without
// starting Vite, so that `tsc` checks a fresh clone (`npm run typecheck` runs it first). Vite
// loads vite.config.ts (bundled, TypeScript and all), and the framework's typed-routes plugin in
// it writes the file with that config's options (src/framework/vite/typed-routes.ts).
import { resolve } from 'node:path'
import { loadConfigFromFile } from 'vite'

const [command] = process.argv.slice(2)
if (command !== 'typegen') {
  console.error('Usage: framework typegen')
  process.exit(1)
}

const loaded = await loadConfigFromFile(
  { command: 'build', mode: 'production' },
  undefined,
  undefined,
  'silent',
)
if (!loaded)
  throw new Error('No vite.config file found: run `framework typegen` in the app’s root.')

/** The plugins of the config, flattened as Vite does: nested arrays, promises and falsy entries. */
async function flatten(options) {
  const option = await options
  if (Array.isArray(option)) return (await Promise.all(option.map(flatten))).flat()
  return option ? [option] : []
}

const plugin = (await flatten(loaded.config.plugins)).find(
  (p) => p.name === 'framework:typed-routes',
)
if (!plugin)
  throw new Error(`${loaded.path} has no framework() plugin to generate route types with.`)
// Vite's root: the config's `root` from the working directory, as Vite reads it.
const root = loaded.config.root ? resolve(loaded.config.root) : process.cwd()
plugin.api.writeRouteTypes(root)
