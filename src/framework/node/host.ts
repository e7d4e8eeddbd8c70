// What Node gives the request pipeline beyond the Fetch standard (`#framework/host`;
// workers/host.ts on Cloudflare Workers): nothing. Its process keeps running after a response,
// so after() callbacks need no `waitUntil` (server/core-state.ts, CoreDependencies).
export const waitUntil: ((promise: Promise<unknown>) => void) | undefined = undefined
