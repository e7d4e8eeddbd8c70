// The part of wrangler that workers-kv-cache.test.ts uses, declared here so that the typecheck
// needs no Workers toolchain: `npm run test:integration` installs it first (tools/workers/install.mjs).
// An ambient declaration wins over the package's own types, installed or not; the test itself
// runs against the real wrangler.
declare module 'wrangler' {
  export interface GetPlatformProxyOptions {
    /** The Wrangler configuration file whose bindings the proxy gives. */
    configPath?: string
    /** Where bindings keep their data, or false for memory only. */
    persist?: boolean | { path: string }
  }

  export interface PlatformProxy<Env> {
    /** The bindings, as a Worker's `env` has them. */
    env: Env
    dispose(): Promise<void>
  }

  export function getPlatformProxy<Env = Record<string, unknown>>(
    options?: GetPlatformProxyOptions,
  ): Promise<PlatformProxy<Env>>
}
