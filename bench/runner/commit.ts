// The commit a bench run measured, for results.json. Run from a source archive (no git checkout,
// or no git at all) the bench still runs: the commit is then `unknown`.
import { execFileSync } from 'node:child_process'

export const UNKNOWN_COMMIT = 'unknown'

/** The short hash of HEAD of the git checkout at `dir`, or `unknown`. */
export function readCommit(dir: string): string {
  try {
    const hash = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'ignore'], // git's "not a git repository" is not the bench's error
    })
      .toString()
      .trim()
    return hash || UNKNOWN_COMMIT
  } catch {
    return UNKNOWN_COMMIT
  }
}
