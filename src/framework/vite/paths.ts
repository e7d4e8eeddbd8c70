// Paths as the framework's Vite plugins need them: the framework's own files, the app's routes
// folder under Vite's root, and module names as written in messages and keys.
import { relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

/** A file of src/framework (`path` relative to it), as an absolute path. */
export const frameworkFile = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url))

/** The app's routes folder for Vite's root: under that root, never the process's working directory. */
export type RoutesDirOf = (root: string) => string

/** `file` relative to `from`, with `/` on every platform. */
export const posixRelative = (from: string, file: string) =>
  relative(from, file).split(sep).join('/')

/** A module id without its query (`?v=…`, `?direct`): the file it names. */
export const fileOfId = (id: string) => id.split('?')[0]!
