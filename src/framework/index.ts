// #framework for server code (the `react-server` condition): the full server API.
export { type Cookie, type CookieStore, cookies, headers } from './request-context.ts'
export * from './shared.ts'
