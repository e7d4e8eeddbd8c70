// cacheLife()'s profiles: Next.js 16's built-in ones, with the same names and seconds, and the
// app's own (`framework({ cacheLife })`), resolved once into the handler's config.

/** How long a "use cache" value lives, in seconds (Next.js's CacheLife). */
export interface CacheLifeProfile {
  /** How long a client may reuse it without asking the server (not used here: docs/caching.md). */
  stale?: number
  /** How long it is fresh: computed again on the first read after this. */
  revalidate?: number
  /** Longest it may be served while being recomputed (Next); here nothing stale is served. */
  expire?: number
}

export type CacheLifeProfiles = Readonly<Record<string, CacheLifeProfile>> & {
  readonly default: Required<CacheLifeProfile>
}

const MINUTE = 60
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
/** Next's "never": the largest expiry its handlers take (0xfffffffe seconds). */
const NEVER = 0xfffffffe

export const BUILT_IN_CACHE_LIFE: CacheLifeProfiles = {
  default: { stale: 5 * MINUTE, revalidate: 15 * MINUTE, expire: NEVER },
  seconds: { stale: 30, revalidate: 1, expire: MINUTE },
  minutes: { stale: 5 * MINUTE, revalidate: MINUTE, expire: HOUR },
  hours: { stale: 5 * MINUTE, revalidate: HOUR, expire: DAY },
  days: { stale: 5 * MINUTE, revalidate: DAY, expire: 7 * DAY },
  weeks: { stale: 5 * MINUTE, revalidate: 7 * DAY, expire: 30 * DAY },
  max: { stale: 5 * MINUTE, revalidate: 30 * DAY, expire: 365 * DAY },
}

/**
 * The built-in profiles with the app's: a profile of the same name replaces the built-in one
 * (`default` too), and a field it leaves out is the `default` profile's, as in Next.js.
 */
export function resolveCacheLife(
  base: CacheLifeProfiles,
  custom: Readonly<Record<string, CacheLifeProfile>> | undefined,
): CacheLifeProfiles {
  if (!custom) return base
  const fallback = { ...base.default, ...custom.default }
  const resolved: Record<string, CacheLifeProfile> = { ...base, default: fallback }
  for (const [name, profile] of Object.entries(custom)) {
    for (const [field, value] of Object.entries(profile)) {
      if (value !== undefined && !(typeof value === 'number' && value >= 0)) {
        throw new Error(
          `cacheLife profile "${name}": ${field} must be a number of seconds, 0 or more.`,
        )
      }
    }
    resolved[name] = { ...fallback, ...profile }
  }
  return resolved as CacheLifeProfiles
}
