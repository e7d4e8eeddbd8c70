// The bench's commit reader: `npm run bench` also runs from a source archive, where there is no
// git checkout (bench/README.md).
import { execFileSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, expect, test, vi } from 'vitest'
import { readCommit, UNKNOWN_COMMIT } from '../../bench/runner/commit.ts'

const dirs: string[] = []
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-commit-'))
  dirs.push(dir)
  // Git must not find a checkout above the directory (a temporary directory inside one).
  vi.stubEnv('GIT_CEILING_DIRECTORIES', dirname(dir))
  return dir
}

afterEach(() => {
  vi.unstubAllEnvs()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

test('outside a git checkout the commit is unknown, and nothing throws', () => {
  expect(readCommit(tempDir())).toBe(UNKNOWN_COMMIT)
})

test("in a git checkout it is HEAD's short hash", () => {
  const dir = tempDir()
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com', ...args], {
      cwd: dir,
    })
      .toString()
      .trim()
  git('init', '-q')
  git('commit', '-q', '--allow-empty', '-m', 'empty')
  expect(readCommit(dir)).toBe(git('rev-parse', '--short', 'HEAD'))
})
