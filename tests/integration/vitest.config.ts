// Integration tests: they start real services (redis-server) and processes. Run with
//   npx vitest run --config tests/integration/vitest.config.ts
// (.ci/run installs redis-server when it is missing.)
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'integration',
    root: `${import.meta.dirname}/../..`,
    include: ['tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
})
