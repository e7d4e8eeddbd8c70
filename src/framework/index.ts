// #framework for server code (the `react-server` condition): the full server API.

export { type CachedOptions, cached, cacheTag } from './cache/cached.ts'
export { cacheLife } from './cache/life.ts'
export type { CacheLifeProfile } from './cache/life-profiles.ts'
export { revalidatePath, revalidateTag } from './cache/revalidate.ts'
export { MAX_TAG_LENGTH, MAX_TAGS_PER_ENTRY } from './cache/tags.ts'
export type { MetadataRoute } from './metadata/metadata-route.ts'
export type {
  ResolvedMetadata,
  ResolvedViewport,
  ResolvingMetadata,
  ResolvingViewport,
} from './metadata/resolved-types.ts'
export type { Metadata, Viewport } from './metadata/types.ts'
export { refresh, updateTag } from './server/action-apis.ts'
export { after } from './server/after.ts'
export { connection } from './server/connection.ts'
export { type DraftMode, draftMode } from './server/draft-mode.ts'
export {
  type Matcher,
  type MatcherCondition,
  type MatcherEntry,
  type Middleware,
  type MiddlewareConfig,
  type MiddlewareCookie,
  type MiddlewareEvent,
  MiddlewareRequest,
  MiddlewareResponse,
  type MiddlewareResponseInit,
  MiddlewareUrl,
} from './server/middleware-api.ts'
export { type Cookie, type CookieStore, cookies, headers } from './server/request-apis.ts'
export * from './universal.ts'
