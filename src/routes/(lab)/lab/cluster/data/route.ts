import { readStamp } from '../_stamp.ts'

/** GET /lab/cluster/data: the shared stamp, and which server process answered (per request). */
export async function GET() {
  return Response.json({ worker: process.pid, ...(await readStamp()) })
}
