// React's Flight functions a "use cache" function needs, on the rsc side: encodeReply() to key
// its arguments, renderToReadableStream() to store its result as an RSC payload, and
// createFromReadableStream() to read it back (client components and children kept as references).
// The host gives them (core-dependencies.ts: plugin-rsc's; a test: React's own), so nothing here
// imports a bundler.
import type { CacheLifeProfiles } from './life-profiles.ts'

type ReactServerModule = typeof import('@vitejs/plugin-rsc/rsc.node')

export type CacheFlight = Pick<
  ReactServerModule,
  | 'encodeReply'
  | 'createClientTemporaryReferenceSet'
  | 'decodeReply'
  | 'createTemporaryReferenceSet'
  | 'renderToReadableStream'
  | 'createFromReadableStream'
>

/** Everything a "use cache" function needs from the handler serving its request. */
export interface UseCacheHost {
  flight: CacheFlight
  /** cacheLife()'s profiles: the built-in ones and the app's (life-profiles.ts). */
  profiles: CacheLifeProfiles
}
