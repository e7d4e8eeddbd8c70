// @vercel/og's Node build (#framework/og) in a server bundle that runs without node_modules: it
// reads its font and resvg's WebAssembly from files beside itself (`new URL('./…',
// import.meta.url)`), which a bundle does not carry; this puts their bytes in the module instead.
// It also leaves out its optional `import('sharp')`, a native module no bundle can hold (resvg
// makes the PNG). The version is pinned (package.json): a build of another one that no longer
// reads them this way fails here, saying so.
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'

const NODE_BUILD = /[\\/]@vercel[\\/]og[\\/]dist[\\/]index\.node\.js$/
const READ_ASSET =
  /fs2\.readFileSync\(\s*fileURLToPath\(new URL\("\.\/([\w.-]+)", import\.meta\.url\)\)\s*\)/g
const SHARP = 'import("sharp")'

export function ogAssets(): Plugin {
  return {
    name: 'framework:og-assets',
    applyToEnvironment: (environment) => environment.config.consumer === 'server',
    transform(code, id) {
      if (!NODE_BUILD.test(id)) return undefined
      let assets = 0
      const inlined = code.replace(READ_ASSET, (_, name: string) => {
        assets++
        const bytes = readFileSync(join(dirname(id), name)).toString('base64')
        return `Buffer.from(${JSON.stringify(bytes)}, "base64")`
      })
      if (assets !== 2 || !inlined.includes(SHARP)) {
        throw new Error(
          `@vercel/og's Node build no longer reads its font and WebAssembly as ${import.meta.url} expects: pin the version package.json names.`,
        )
      }
      return {
        code: inlined.replace(SHARP, 'Promise.reject(new Error("sharp is not bundled"))'),
        map: null,
      }
    },
  }
}
