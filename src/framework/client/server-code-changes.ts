// Development: server code was edited, so the page on screen is shown again from a fresh payload,
// keeping its client state. Vite announces an edit once; one saved while the page is still
// loading arrives before the router is on screen, so it is kept for the router until then.
// A production build has no `import.meta.hot`, and keeps none of this.
type Refresh = () => void
type StopRefreshing = () => void

function listenForServerCodeChanges(hot: NonNullable<ImportMeta['hot']>) {
  let refreshPage: Refresh | null = null
  let missedChange = false
  hot.on('rsc:update', () => {
    if (refreshPage) refreshPage()
    else missedChange = true
  })
  return (refresh: Refresh): StopRefreshing => {
    refreshPage = refresh
    if (missedChange) {
      missedChange = false
      refresh()
    }
    return () => {
      if (refreshPage === refresh) refreshPage = null
    }
  }
}

/** The router, once on screen, refreshes at every change, and at once for one it missed. */
export const refreshOnServerCodeChange: (refresh: Refresh) => StopRefreshing = import.meta.hot
  ? listenForServerCodeChanges(import.meta.hot)
  : () => () => {}
