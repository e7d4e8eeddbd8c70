// What a typed href is: with `typedRoutes` (docs/routing.md, "Typed routes"), the generated
// .framework/types/routes.d.ts registers the app's routes in `FrameworkRouteTypes`, and `<Link
// href>`, `router.push()` / `replace()` / `prefetch()` and `redirect()` take only the paths a route
// answers. Without it, nothing is registered and every string is taken, so an untyped app (or a
// fresh clone before the file exists) type-checks as before.

declare global {
  /**
   * Filled in by the generated routes.d.ts when `typedRoutes` is on: `href` is the union of the
   * paths the app's routes answer, checked against the literal `Href` a call site passes; `route`
   * the same with any string for each param.
   */
  interface FrameworkRouteTypes<Href extends string> {}
}

type Registered<T> = T extends { href: infer Checked } ? Checked : string
type RegisteredRoute<T> = T extends { route: infer Loose } ? Loose : string

/**
 * A path (with a query or hash), a `#hash`, `?query` or a URL with a scheme (`https:`, `mailto:`)
 * when routes are typed; any string otherwise. `Href` is inferred from the argument.
 */
export type TypedHref<Href extends string> = 'href' extends keyof FrameworkRouteTypes<string>
  ? Registered<FrameworkRouteTypes<Href>>
  : string

/**
 * Next.js's `Route`. `Route<'/notes/3'>` checks a literal as an href; `Route` alone is any path a
 * route answers, each param any string, for a variable (`const links: Route[]`), and written `as
 * Route` vouches for a string computed at run time.
 */
export type Route<Href extends string = string> = string extends Href
  ? RegisteredRoute<FrameworkRouteTypes<string>>
  : TypedHref<Href>
