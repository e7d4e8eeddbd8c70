// #framework outside the `react-server` condition (client components, SSR): the part of the
// API that also works there. index.ts re-exports all of it for server code.

export type { Route } from './routing/typed-hrefs.ts'
export type { Params } from './routing/types.ts'
export {
  forbidden,
  isHTTPAccessFallbackError,
  isRedirectError,
  notFound,
  permanentRedirect,
  RedirectType,
  redirect,
  unauthorized,
} from './wire/interrupts.ts'
