// What the lab's after() callbacks did, by the id a test gave: in this process's memory, for
// /lab/after/status to tell. Lab only: ids are the tests' own.
export const afterRan = new Map<string, string>()

/** The ids remembered at most: anyone may call the lab, so the record must not grow forever. */
const MOST_REMEMBERED = 1000

/** The callback of the lab: `fail` throws; `slow` takes 800 ms and says so in the log. */
export async function labAfterTask(id: string, where: string, kind: string | null) {
  if (kind === 'fail') throw new Error(`The lab's after() callback failed (${id}).`)
  if (kind === 'slow') {
    await new Promise((resolve) => setTimeout(resolve, 800))
    console.log(`[lab after] slow callback ${id} finished`)
  }
  afterRan.set(id, where)
  // A Map iterates in insertion order: the first key is the oldest.
  if (afterRan.size > MOST_REMEMBERED) afterRan.delete(afterRan.keys().next().value!)
}
