// `MetadataRoute` as Next.js's `next` exports it: a namespace of the metadata route files' types
// (`MetadataRoute.Robots`, `.Sitemap`, `.Manifest`).
export type * as MetadataRoute from './route-types.ts'
