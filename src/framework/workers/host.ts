// What Cloudflare Workers gives the request pipeline beyond the Fetch standard
// (`#framework/host` under the `workerd` condition; node/host.ts on Node): `waitUntil`, without
// which the Worker may stop once its response is sent, before after() callbacks have run.
// cloudflare:workers' `waitUntil` applies to the request being handled, like ctx.waitUntil.
export { waitUntil } from 'cloudflare:workers'
