'use client'
// #framework/client: what client components import. The interrupts are the same functions as
// #framework's (thrown while rendering, in the browser or during SSR), offered here too so that
// a client component imports them beside the hooks, as in Next.js.
export {
  type AppRouter,
  useParams,
  usePathname,
  useRouter,
  useSearchParams,
} from './client/hooks.ts'
export {
  useSelectedLayoutSegment,
  useSelectedLayoutSegments,
} from './client/layout-segments.tsx'
export { Link, type LinkProps, useLinkStatus } from './client/link.tsx'
export {
  forbidden,
  notFound,
  permanentRedirect,
  RedirectType,
  redirect,
  unauthorized,
} from './wire/interrupts.ts'
