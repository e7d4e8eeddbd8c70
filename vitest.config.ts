// Vitest's own config: it must not load vite.config.ts, whose RSC plugin would turn the test
// runner into three Vite environments. Unit tests run in Node; end-to-end tests drive the built
// app and a real Chromium, one file at a time, with timeouts sized for a small (2-core) machine.
import { defaultServerConditions } from 'vite'
import { configDefaults, defineConfig } from 'vitest/config'
import { clientReferences } from './tests/core/support/client-references-plugin.ts'

export default defineConfig({
  test: {
    // Stopping a server and a browser on a busy machine takes a while.
    teardownTimeout: 30_000,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        // The request pipeline with real React and no Vite build (tests/core): the process
        // runs under the react-server condition, so `react` is React's server build, and
        // "use client" modules become client references; HTML is rendered in a worker thread
        // without that condition (tests/core/support/html-renderer.ts).
        plugins: [clientReferences()],
        ssr: {
          resolve: {
            conditions: ['react-server', ...defaultServerConditions],
            externalConditions: ['react-server'],
          },
        },
        test: {
          name: 'core',
          include: ['tests/core/**/*.test.{ts,tsx}'],
          environment: 'node',
          pool: 'forks',
          execArgv: ['--conditions=react-server'],
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          // Real services and processes: a redis-server (.ci/run installs it), two app processes.
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          // The Worker's own checks, and the Workers dev server's, run in the e2e-workers project
          // only: it installs the Workers toolchain.
          exclude: [
            ...configDefaults.exclude,
            'tests/e2e/workers.test.ts',
            'tests/e2e/workers-dev.test.ts',
          ],
          environment: 'node',
          // Each file starts its own server and browser: running them side by side on two cores
          // only makes them slow and flaky.
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // The embedding test imports the built server entry: Node loads it as an embedder's
          // server would, not through Vite's transforms.
          server: { deps: { external: [/\/dist\//] } },
        },
      },
      {
        test: {
          // The same app built as a Cloudflare Worker and run in workerd (`npm run
          // test:e2e:workers`): these files of the e2e project, unchanged, against the Worker
          // (support/servers.ts starts it when E2E_TARGET is `workers`; docs/deploying.md, "Cloudflare Workers").
          name: 'e2e-workers',
          // server-functions-http.test.ts is not among them: its refusals of large bodies
          // (413 before the body is read) meet vite preview's local proxy, which answers 500 when
          // the Worker does not read what it is sent (docs/deploying.md, "Cloudflare Workers", "Testing").
          include: [
            'tests/e2e/document.test.ts',
            'tests/e2e/fallbacks.test.ts',
            'tests/e2e/route-handlers.test.ts',
            'tests/e2e/server-functions-nojs.test.ts',
            'tests/e2e/http-caching.test.ts',
            'tests/e2e/static-pages.test.ts',
            'tests/e2e/static-route-handlers.test.ts',
            'tests/e2e/lab-controls.test.ts',
            'tests/e2e/revalidation.test.ts',
            'tests/e2e/errors.test.ts',
            'tests/e2e/streaming.test.ts',
            'tests/e2e/navigation.test.ts',
            'tests/e2e/server-functions.test.ts',
            'tests/e2e/workers.test.ts',
            'tests/e2e/workers-dev.test.ts',
          ],
          env: { E2E_TARGET: 'workers' },
          environment: 'node',
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          // The long forms of the load tests (`npm run test:load`): minutes, not part of `npm test`.
          name: 'load',
          include: ['tests/load/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          maxWorkers: 1,
          testTimeout: 300_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
})
