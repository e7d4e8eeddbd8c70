import { randomUUID } from 'node:crypto'
import { readStamp } from './_stamp.ts'

/**
 * A static page (it reads nothing of the request) that each server process renders once and
 * serves from memory: it says which process rendered it (so, with WORKERS=N, which worker
 * answered), its render, and the shared stamp of /lab/cluster/data. Revalidating the stamp's tag
 * or this path in any process makes every process render it again on its next request.
 */
export default async function ClusterPage() {
  const { stamp } = await readStamp()
  return (
    <>
      <title>Cluster · Lab</title>
      <h1>One page per server process</h1>
      <p data-testid="worker">{`Worker ${process.pid}`}</p>
      <p data-testid="render-id">{`Render ${randomUUID()}`}</p>
      <p data-testid="stamp">{`Stamp ${stamp}`}</p>
    </>
  )
}
