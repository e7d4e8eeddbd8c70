// #framework for server code (the `react-server` condition): the full server API.

export { after } from './after.ts'
export { type CachedOptions, cached, cacheTag } from './cache/cached.ts'
export { revalidatePath, revalidateTag } from './cache/revalidate.ts'
export { MAX_TAG_LENGTH, MAX_TAGS_PER_ENTRY } from './cache/tags.ts'
export { connection } from './connection.ts'
export { type DraftMode, draftMode } from './draft-mode.ts'
export { type Cookie, type CookieStore, cookies, headers } from './request-context.ts'
export * from './shared.ts'
