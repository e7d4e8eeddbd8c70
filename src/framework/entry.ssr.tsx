// The ssr entry: what the rsc environment asks of the ssr one (server/document.ts loads it with
// import.meta.viteRsc.loadModule): the HTML of a payload, and the 500 document.
export { renderErrorDocument, renderHtml } from './ssr/render-html.tsx'
