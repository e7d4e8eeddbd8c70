// Which files under the routes folder are route files: one glob for the modules Vite loads, and
// a listing of the folder for validating routes at build time.
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import {
  METADATA_IMAGE_MODULES,
  METADATA_ROUTE_MODULES,
  NESTED_METADATA_ROUTE_MODULES,
} from '../routing/metadata-files.ts'
import { SEGMENT_FILES } from '../routing/segment-files.ts'
import { posixRelative } from './paths.ts'

/**
 * The files that make routes, relative to the routes folder: routing/segment-files.ts owns their
 * names;
 * with them, the root's robots.ts, sitemap.ts and manifest.ts, and any folder's image modules
 * (opengraph-image.tsx, icon1.tsx) and sitemap.ts (routing/metadata-files.ts).
 */
export const ROUTE_FILE_GLOBS = [
  `**/{${SEGMENT_FILES.join(',')}}.{tsx,jsx,ts,js}`,
  `{${METADATA_ROUTE_MODULES.join(',')}}.{tsx,jsx,ts,js}`,
  `**/{${[...METADATA_IMAGE_MODULES, ...NESTED_METADATA_ROUTE_MODULES].join(',')}}.{tsx,jsx,ts,js}`,
]

/** Every source file under `routesDir`, relative to it; the route table picks the route files. */
export function listRouteFiles(routesDir: string): string[] {
  return readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
    .map((file) => posixRelative(routesDir, join(routesDir, file)))
    .filter((file) => /\.(tsx|ts|jsx|js)$/.test(file))
}
