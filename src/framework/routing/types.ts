// The route table's shapes: the folders of src/routes, the routes they make, a match with the
// view of its slots, and the router state the client sends back. Shared by every routing/ module
// and by the server, static and client code that reads a match.
import type { SegmentFileRole } from './segment-files.ts'

export type Params = Record<string, string | string[]>

/**
 * What a folder's name makes of its URL segment. A `slot` (`@name`) makes none, like a group: it
 * is a parallel route, passed to the layout of its parent folder as the prop `name`.
 */
export type SegmentType =
  | 'static'
  | 'dynamic'
  | 'catch-all'
  | 'optional-catch-all'
  | 'group'
  | 'slot'

/** An intercepting folder's marker: how many route segments up its target starts from. */
export type InterceptMarker = '(.)' | '(..)' | '(..)(..)' | '(...)'

/** One folder of src/routes: its conventional files, keyed by their role, as file paths. */
export interface RouteDirectory {
  /** Folder path relative to src/routes, '' for the root. */
  dir: string
  type: SegmentType
  /** Literal name for static segments, parameter name for dynamic ones. */
  name: string
  /**
   * A static segment's name as a URL path carries it (what `new URL()` makes of it: `a b` →
   * `a%20b`); the name itself for other types.
   */
  encoded: string
  files: Partial<Record<SegmentFileRole, string>>
  /** The `@name` sub-folders' names (the slots besides `children` its layout receives). */
  slots: string[]
  /** Set on an intercepting folder (`(.)[id]`): its marker; `type` and `name` are the rest's. */
  intercept?: InterceptMarker
  /** What its metadata files (icon.png, opengraph-image.jpg, …) add to the head, if any. */
  metadataFiles?: SegmentMetadataFiles
}

/** A URL-addressable leaf: a folder with a `page` or a `route` file. */
export interface Route {
  /** Folders from the root to the leaf; layouts and boundaries are read from these. */
  chain: RouteDirectory[]
  /** The URL-producing folders of the chain (groups removed). */
  pattern: RouteDirectory[]
  /** The leaf's page or route file. */
  file: string
  type: 'page' | 'handler'
  /**
   * An intercepting route (a page below an `(.)` / `(..)` / `(..)(..)` / `(...)` folder): shown
   * instead of `target` on a client navigation from a URL `source` matches (at or below it).
   */
  intercept?: { source: RouteDirectory[]; target: Route }
}

/**
 * What one slot of a layout shows: a page (its route's folders from the root) or the slot's
 * `default.tsx` (`chain` then ends at the folder holding it, `file` is the default).
 */
export interface Branch {
  chain: RouteDirectory[]
  file: string
  kind: 'page' | 'default'
  params: Params
  /** The URL (pathname) this branch's page was matched from. */
  url: string
  /** The other slots of each layout of `chain` that has `@slot` folders, by chain depth and name. */
  slots: Record<number, Record<string, Branch>>
}

/** What one slot showed, as the client sends it back: the URL it was matched from. */
export interface SlotState {
  url: string
  intercepted?: boolean
}

/**
 * The client's router state (docs/protocol.md, "Router state"): the URL it is on and, for each
 * slot of a layout with `@slot` folders, what it shows, keyed `<folder>@<slot>`.
 */
export interface RouterState {
  from: string
  slots: Record<string, SlotState>
}

/** Set on matches in an app with slots or interceptors: what every slot shows. */
export interface View {
  branch: Branch
  /** Something came from the client's state (an interception, a kept slot): not shareable. */
  stateDependent: boolean
  /** The state the client sends back on its next navigation. */
  state: Record<string, SlotState>
  /**
   * What of a router state this URL's view depends on: the slots (`<folder>@<slot>`) the URL
   * does not match, and `from` when the route has interceptors. A payload fetched with one state
   * is the right one for another that agrees on these (client/payload-cache.ts).
   */
  reads: string[]
}

export interface RouteMatch {
  route: Route
  params: Params
  view?: View
}

export interface RouteTable {
  routes: Route[]
  root: RouteDirectory
  /** Whether any folder is a slot or an interceptor: only then do matches carry a view. */
  hasSlots: boolean
  /**
   * The route for a URL. `state` (a client navigation's) lets interceptors apply and keeps what
   * unmatched slots showed; without it (a document) neither happens.
   */
  match(pathname: string, state?: RouterState | null): RouteMatch | null
}

/** A folder's icon as Next lists it: the URL with its content query, `sizes`, `type`. */
export interface FileIcon {
  url: string
  /** None for an image module without a `size` export. */
  sizes?: string
  type: string
}

/**
 * An image made by a module (opengraph-image.tsx, icon.tsx): its entries come from the module's
 * exports (`alt`, `size`, `contentType`, `generateImageMetadata`), read per page.
 */
export interface GeneratedImage {
  file: string
  kind: 'icon' | 'apple' | 'openGraph' | 'twitter'
  /** Its URL without id or query: a pattern (`/notes/[id]/opengraph-image`) until filled. */
  url: string
  /** The content query Next adds (a hash of its source), or none. */
  query: string
}

/** A folder's Open Graph or Twitter image as Next lists it. */
export interface FileImage {
  url: string
  type: string
  width?: number
  height?: number
  alt?: string
}

/** One URL segment of a folder's path: a literal, or a param (after an intercepting marker). */
export type UrlPart =
  | { type: 'static'; text: string }
  | { type: 'dynamic' | 'catch-all' | 'optional-catch-all'; name: string; prefix: string }

/** A folder's URL (routing/metadata-file-urls.ts): its segments, the suffix its files take. */
export interface FolderUrl {
  parts: readonly UrlPart[]
  suffix: string
}

/** What a folder's metadata files add to its head (metadata/file-metadata.ts merges it). */
export interface SegmentMetadataFiles {
  /**
   * Set when the folder's URL has params: each entry's URL then starts with its pattern
   * (`/notes/[id]`), filled per page (metadata/file-entries.ts `withParams()`).
   */
  folder?: FolderUrl
  favicon?: FileIcon
  icon: FileIcon[]
  apple: FileIcon[]
  openGraph: FileImage[]
  twitter: FileImage[]
  manifest?: string
  /** Image modules, listed after the files of their kind once read (metadata/generated-images.ts). */
  generated?: GeneratedImage[]
}
