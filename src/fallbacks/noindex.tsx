// Fallback screens are not pages to index. The framework adds this tag to every render of one,
// the app's own or the default: the server beside the screen it renders in place of a page, the
// root's and segments' boundaries beside the screen they show (server/element-tree.tsx, boundaries.tsx). Screens
// do not render it themselves, or it would be there twice.

/** In HTML written after the shell (entry.ssr.tsx), where React cannot place it. */
export const NOINDEX_HTML = '<meta name="robots" content="noindex">'

/** Rendered beside a fallback screen; React hoists it into <head>. */
export const NOINDEX = <meta name="robots" content="noindex" />
