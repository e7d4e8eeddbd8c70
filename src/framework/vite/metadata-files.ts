// `virtual:framework/metadata-files`: the app's static metadata files (icon.png, favicon.ico,
// opengraph-image.jpg and its .alt.txt, robots.txt, …; routing/metadata-files.ts) read at build
// time, with what the head needs of each: a content hash and, for images, their size (read with
// `image-size`, which Next.js uses too); for an image module (opengraph-image.tsx), the hash of
// its source. Under the dev server a file added, changed or removed reloads the module.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { imageSize } from 'image-size'
import type { Plugin } from 'vite'
import {
  isGeneratedImageFile,
  isStaticMetadataFile,
  type StaticMetadataFile,
} from '../routing/metadata-files.ts'
import { posixRelative, type RoutesDirOf } from './paths.ts'

const ID = 'virtual:framework/metadata-files'
const TEXT_EXTENSION = /\.(txt|xml|json|webmanifest)$/

function factsOf(path: string, generated: boolean): StaticMetadataFile {
  const bytes = readFileSync(path)
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 8)
  // An image module's source gives its URL's content query only; the module is loaded.
  if (generated) return { body: '', base64: false, hash }
  if (TEXT_EXTENSION.test(path)) return { body: bytes.toString('utf8'), base64: false, hash }
  const facts: StaticMetadataFile = { body: bytes.toString('base64'), base64: true, hash }
  try {
    const { width, height } = imageSize(bytes)
    Object.assign(facts, { width, height })
  } catch {
    // An image image-size cannot read gets no size, as in Next.js.
  }
  return facts
}

export function metadataFiles(routesDirOf: RoutesDirOf): Plugin {
  let routesDir = ''
  const isMetadataPath = (path: string) =>
    path.startsWith(routesDir) &&
    (isStaticMetadataFile(posixRelative(routesDir, path)) ||
      isGeneratedImageFile(posixRelative(routesDir, path)))
  return {
    name: 'framework:metadata-files',
    configResolved(config) {
      routesDir = routesDirOf(config.root)
    },
    resolveId: (source) => (source === ID ? `\0${ID}` : undefined),
    load(id) {
      if (id !== `\0${ID}`) return undefined
      const files: Record<string, StaticMetadataFile> = {}
      for (const entry of readdirSync(routesDir, { recursive: true, encoding: 'utf8' })) {
        const path = join(routesDir, entry)
        const file = posixRelative(routesDir, path)
        const generated = isGeneratedImageFile(file)
        if (!generated && !isStaticMetadataFile(file)) continue
        this.addWatchFile(path)
        files[file] = factsOf(path, generated)
      }
      return `export const staticMetadataFiles = ${JSON.stringify(files)}\n`
    },
    configureServer(server) {
      const reload = (path: string) => {
        if (!isMetadataPath(path)) return
        for (const environment of Object.values(server.environments)) {
          const mod = environment.moduleGraph.getModuleById(`\0${ID}`)
          if (mod) void environment.reloadModule(mod)
        }
      }
      server.watcher.on('add', reload)
      server.watcher.on('change', reload)
      server.watcher.on('unlink', reload)
    },
  }
}
