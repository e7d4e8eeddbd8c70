// The route scanner: the framework's only view of the app. Modules load lazily, so a request
// loads the files of its own route and no other route's code.
import { createRouteTable, type RouteTable } from './route-table.ts'

const ROUTES_DIR = '/src/routes/'

const modules = import.meta.glob<Record<string, unknown>>([
  '/src/routes/**/{page,layout,loading,error,not-found,unauthorized,forbidden,global-error}.{tsx,jsx,ts,js}',
  '/src/routes/**/route.{ts,tsx,js,jsx}',
])

export const routeTable: RouteTable = createRouteTable(
  Object.keys(modules).map((path) => path.slice(ROUTES_DIR.length)),
)

/** Loads a route file by its path relative to src/routes (as the route table names it). */
export function loadRouteModule(file: string): Promise<Record<string, unknown>> {
  const load = modules[ROUTES_DIR + file]
  if (!load) throw new Error(`No route module ${file} in ${ROUTES_DIR}`)
  return load()
}
