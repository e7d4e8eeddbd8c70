// The floor (bench/README.md): the bench page rendered by React's RSC into React DOM's SSR with
// no framework, built by @vitejs/plugin-rsc alone into bench/floor/dist. Like the framework's
// build, it is production code and self-contained: dist/ runs without node_modules.
// Build: npx vite build -c bench/floor/vite.config.ts
import { fileURLToPath } from 'node:url'
import rsc from '@vitejs/plugin-rsc'
import { defineConfig } from 'vite'

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url))
const define = { 'process.env.NODE_ENV': JSON.stringify('production') }

export default defineConfig({
  root: here('.'),
  plugins: [
    rsc({
      entries: {
        rsc: here('./entry.rsc.tsx'),
        ssr: here('./entry.ssr.tsx'),
        client: here('./entry.browser.tsx'),
      },
    }),
  ],
  build: {
    rollupOptions: {
      // 'use client' is plugin-rsc's to handle; the bundler's notice about it is noise.
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning)
      },
    },
  },
  environments: {
    rsc: {
      define,
      resolve: { noExternal: true },
      build: { rollupOptions: { input: { server: here('./server.ts') } } },
    },
    ssr: { define, resolve: { noExternal: true } },
  },
})
