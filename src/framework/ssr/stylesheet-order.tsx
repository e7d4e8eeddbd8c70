// The order of a document's stylesheets: server components' CSS (the root layout's global CSS
// first) before client components', as a client navigation adds them.
//
// React writes the stylesheets of <head> by precedence, each precedence in the order React first
// meets it. plugin-rsc gives a server component's CSS the precedence below and a client
// component's `vite-rsc/client-reference`; the latter is met first, since a client component's
// CSS is asked for as soon as the payload names its module, before the tree renders. A later
// stylesheet wins a tie, so the global CSS would override a client component's on a first load
// and not after a navigation. Rendered before the tree, this empty style puts the server
// components' precedence first.

/** plugin-rsc's precedence for the CSS a server module imports (its `loadCss()` links). */
const SERVER_CSS_PRECEDENCE = 'vite-rsc/importer-resources'

/**
 * Renders nothing in place: React hoists it into <head>, where it opens the server CSS group.
 * With a nonce (a Content-Security-Policy), React writes only the styles that carry it.
 */
export function ServerStylesheetsFirst({ nonce }: { nonce: string | undefined }) {
  return (
    <style href="framework-stylesheet-order" precedence={SERVER_CSS_PRECEDENCE} nonce={nonce}>
      {''}
    </style>
  )
}
