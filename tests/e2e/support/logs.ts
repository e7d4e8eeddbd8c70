// The server log as an operator reads it: `[server error] digest=<digest>` followed by the error's
// stack (docs/errors.md), and `[render aborted] …` when a client went away mid-render.
import type { ManagedProcess } from './process.ts'

export interface LoggedError {
  digest: string
  /** The lines after the digest line: the error's first stack line (its message) and frames. */
  detail: string[]
}

const DIGEST_LINE = /^\[server error\] digest=(\S+)$/

/** Every error the server logged (since `fromLine`, an earlier `output.length`). */
export function loggedErrors(server: ManagedProcess, fromLine = 0): LoggedError[] {
  const errors: LoggedError[] = []
  const lines = server.output.slice(fromLine).filter((line) => line.stream === 'stderr')
  for (let i = 0; i < lines.length; i++) {
    const match = lines[i]!.text.match(DIGEST_LINE)
    if (!match) continue
    const detail: string[] = []
    // The message line, then the stack frames (indented "at" lines).
    if (i + 1 < lines.length) detail.push(lines[i + 1]!.text)
    for (let j = i + 2; j < lines.length && /^\s+at /.test(lines[j]!.text); j++) {
      detail.push(lines[j]!.text)
    }
    errors.push({ digest: match[1]!, detail })
  }
  return errors
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Waits until the server has logged the error with `digest` and returns what it logged. */
export async function waitForLoggedError(
  server: ManagedProcess,
  digest: string,
  timeoutMs = 15_000,
): Promise<LoggedError> {
  await server.waitForLine(
    new RegExp(`^\\[server error\\] digest=${escapeRegExp(digest)}$`),
    timeoutMs,
  )
  // The stack is printed in the same write as the digest line.
  const logged = loggedErrors(server).filter((error) => error.digest === digest)
  if (logged.length === 0) throw new Error(`No error with digest ${digest} in the server log.`)
  return logged[0]!
}
