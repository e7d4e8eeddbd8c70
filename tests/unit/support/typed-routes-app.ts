// The route files of a small app for the typed routes tests (unit/route-types-file.test.ts,
// integration/typed-routes-typecheck.test.ts): groups, slots, an interceptor, a route handler and
// every kind of param.
export const TYPED_ROUTES_APP = [
  'layout.tsx',
  'page.tsx',
  '(site)/about/page.tsx',
  'notes/layout.tsx',
  'notes/page.tsx',
  'notes/[id]/page.tsx',
  'notes/@modal/default.tsx',
  'notes/@modal/(.)[id]/page.tsx',
  'docs/[...slug]/page.tsx',
  'tags/[[...tag]]/page.tsx',
  'api/x/[id]/route.ts',
  'dash/layout.tsx',
  'dash/page.tsx',
  'dash/@team/settings/page.tsx',
  'dash/settings/page.tsx',
]
