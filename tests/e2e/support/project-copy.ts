// A throwaway copy of the project, for tests that edit the app's source (the dev server's HMR):
// the real src/routes is never touched, even when a test is killed half-way.
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { ROOT_DIR } from './paths.ts'

const COPIED = ['src', 'package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts']

export interface ProjectCopy {
  dir: string
  /** Replaces `from` by `to` in a file of the copy (a path from the project's root). */
  edit(file: string, from: string, to: string): void
  /** Writes a file of the copy (a path from the project's root), its folders made as needed. */
  write(file: string, source: string): void
  remove(): void
}

export function copyProject(): ProjectCopy {
  const dir = mkdtempSync(join(tmpdir(), 'rsc-e2e-project-'))
  for (const entry of COPIED) cpSync(join(ROOT_DIR, entry), join(dir, entry), { recursive: true })
  // The packages are linked one by one rather than node_modules as a whole: Vite keeps its
  // prebundled dependencies in node_modules/.vite, keyed by the project's root, and the copy
  // must not overwrite the real project's.
  const modules = join(dir, 'node_modules')
  mkdirSync(modules)
  for (const entry of readdirSync(join(ROOT_DIR, 'node_modules'))) {
    if (entry !== '.vite') symlinkSync(join(ROOT_DIR, 'node_modules', entry), join(modules, entry))
  }
  const edit = (file: string, from: string, to: string) => {
    const path = join(dir, file)
    const source = readFileSync(path, 'utf8')
    if (!source.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)} to edit.`)
    writeFileSync(path, source.replace(from, to))
  }
  const write = (file: string, source: string) => {
    const path = join(dir, file)
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, source)
  }
  return { dir, edit, write, remove: () => rmSync(dir, { recursive: true, force: true }) }
}
