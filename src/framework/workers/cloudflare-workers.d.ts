// The part of workerd's `cloudflare:workers` module that the framework and the app use
// (https://developers.cloudflare.com/workers/runtime-apis/), without the whole Workers type set,
// whose globals would clash with the DOM's Request and Response the rest of the code is typed with.
declare module 'cloudflare:workers' {
  /** The Worker's bindings (wrangler.jsonc): KV namespaces, variables, secrets. */
  export const env: Record<string, unknown>
  /** Keeps the Worker running until `promise` settles, after its response has been sent. */
  export function waitUntil(promise: Promise<unknown>): void
}
