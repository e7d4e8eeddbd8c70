'use client'

/** Reads `window` while rendering: it fails during SSR and works in the browser. */
export function BrowserOnly() {
  return (
    <p data-testid="browser-only">{`Rendered in the browser at ${window.location.pathname}`}</p>
  )
}

/** Fails while rendering wherever it renders, on the server and in the browser. */
export function FailsEverywhere(): never {
  throw new Error('The lab client component fails on the server and in the browser.')
}
