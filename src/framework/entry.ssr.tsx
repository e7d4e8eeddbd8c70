// The ssr entry: what the rsc environment asks of the ssr one (core-dependencies.ts loads it
// with import.meta.viteRsc.loadModule): the HTML of a payload, and the 500 document with the app's
// global-error.tsx (found by the framework's Vite plugin in the routes folder), and a partially
// prerendered page's shell and its resumed rest.
import { appGlobalError } from 'virtual:framework/global-error'
import { createHtmlRenderer } from './ssr/render-html.tsx'

export { prerenderShell, resumeHtml } from './ssr/partial-prerender.tsx'

export const { renderHtml, renderErrorDocument } = createHtmlRenderer(appGlobalError)
