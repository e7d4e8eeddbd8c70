import { randomUUID } from 'node:crypto'
import { cached } from '#framework'

/** The tag /lab/cluster/revalidate invalidates. */
export const CLUSTER_TAG = 'lab-cluster'

/**
 * Data that is new each time it is computed: a stamp, and the process that computed it. With
 * several server processes sharing Redis, every process shows the same stamp until the tag is
 * revalidated in any of them (docs/deploying.md).
 */
export const readStamp = cached(async () => ({ stamp: randomUUID(), computedBy: process.pid }), {
  tags: [CLUSTER_TAG],
})
