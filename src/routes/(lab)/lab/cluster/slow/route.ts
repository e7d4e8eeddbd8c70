/** Longest wait asked for: a lab route must not hold a connection open for long. */
const MAX_MS = 10_000

/**
 * GET /lab/cluster/slow?ms=N: answers after N ms (at most 10 s), saying which process answered,
 * and says in the log when it starts: a test can stop the server while it is in flight.
 */
export async function GET(request: Request) {
  const ms = Math.min(MAX_MS, Number(new URL(request.url).searchParams.get('ms')) || 0)
  console.log(`[lab] slow request for ${ms} ms in process ${process.pid}`)
  await new Promise((resolve) => setTimeout(resolve, ms))
  return Response.json({ worker: process.pid, waitedMs: ms })
}
