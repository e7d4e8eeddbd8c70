// #framework/og, Next's `next/og`: `ImageResponse`, a Response whose body is the PNG that
// `@vercel/og` (satori for JSX → SVG, resvg for SVG → PNG, with its bundled Geist font) makes of
// a JSX element. The image modules of docs/metadata.md ("Images made from code") return one; a
// route.ts may too. On Cloudflare Workers the import resolves to og.workers.ts instead.
export { ImageResponse } from '@vercel/og'
