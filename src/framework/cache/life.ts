// cacheLife(), as in Next.js 16: inside a "use cache" function (or a cached() one), how long the
// entry being computed stays fresh, by profile name or in seconds. The shortest asked for counts,
// and an enclosing entry lives no longer than the entries it read (computation.ts).
import { earliest } from './clock.ts'
import {
  BUILT_IN_CACHE_LIFE,
  type CacheLifeProfile,
  type CacheLifeProfiles,
} from './life-profiles.ts'
import { currentUseCacheHost } from './request-part.ts'
import { currentScope } from './scope.ts'

/** The profiles of the handler serving the request, or the built-in ones outside any. */
function currentCacheLifeProfiles(): CacheLifeProfiles {
  return currentUseCacheHost()?.profiles ?? BUILT_IN_CACHE_LIFE
}

/** Sets how long the entry being computed stays fresh: a profile's name, or a profile itself. */
export function cacheLife(profile: string | CacheLifeProfile): void {
  const scope = currentScope()
  if (!scope) {
    throw new Error(
      'cacheLife() was called outside a cached function. It sets the life of the entry being computed: call it inside a "use cache" function (or the function given to cached()).',
    )
  }
  const profiles = currentCacheLifeProfiles()
  const life = typeof profile === 'string' ? profiles[profile] : { ...profiles.default, ...profile }
  if (!life) {
    throw new Error(
      `cacheLife("${profile}") in ${scope.label}: no such profile. The profiles are ${Object.keys(
        profiles,
      )
        .map((name) => `"${name}"`)
        .join(
          ', ',
        )}; add one with framework({ cacheLife: { ${String(profile)}: { revalidate: seconds } } }).`,
    )
  }
  const { revalidate } = life
  if (revalidate === undefined || !(revalidate >= 0)) {
    throw new Error(
      `cacheLife() in ${scope.label}: revalidate must be a number of seconds, 0 or more.`,
    )
  }
  scope.revalidate = earliest(scope.revalidate, revalidate)
}
