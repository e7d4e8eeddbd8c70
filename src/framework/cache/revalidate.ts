// revalidateTag() and revalidatePath(): make entries stale, in this process and, through a shared
// handler (Redis), in every other.
import { forgetInFlight } from './cached.ts'
import { notifyRevalidate } from './observers.ts'
import { invalidateTags } from './storage.ts'
import { normalizePath, pathTag } from './tags.ts'

function invalidate(tag: string): Promise<void> {
  forgetInFlight()
  return invalidateTags([tag])
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
