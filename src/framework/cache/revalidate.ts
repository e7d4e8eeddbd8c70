// revalidateTag() and revalidatePath(): make entries stale, in this process and, through a shared
// handler (Redis), in every other.
import { notifyRevalidate } from './observers.ts'
import { currentCacheRequest, currentStorage } from './request-part.ts'
import { normalizePath, pathTag } from './tags.ts'

function invalidate(tag: string): Promise<void> {
  const done = currentStorage().invalidateTags([tag])
  const request = currentCacheRequest()
  if (request) {
    request.revalidated = true
    // What this request read before it changed the data must not answer its later reads.
    request.calls?.clear()
    // The request fails if the store could not record it, awaited or not.
    request.invalidations.push(done)
  }
  return done
}

/**
 * Every entry tagged `tag` and created before now is stale from now on. Reads in this process
 * see it at once; await the promise to know that the store (and so other processes) has it.
 */
export function revalidateTag(tag: string): Promise<void> {
  notifyRevalidate({ tag })
  return invalidate(tag)
}

/** Every entry computed while handling a request for `path` (exactly that path) is stale. */
export function revalidatePath(path: string): Promise<void> {
  notifyRevalidate({ path: normalizePath(path) })
  return invalidate(pathTag(path))
}
