// Development: server code was edited, so the page on screen is shown again from a fresh payload,
// keeping its client state. Vite announces an edit once; one saved while the page is still
// loading arrives before the router is on screen, so it is kept for the router until then.
type Refresh = () => void

let refreshPage: Refresh | null = null
let missedChange = false

if (import.meta.hot) {
  import.meta.hot.on('rsc:update', () => {
    if (refreshPage) refreshPage()
    else missedChange = true
  })
}

/** The router, once on screen, refreshes at every change, and at once for one it missed. */
export function refreshOnServerCodeChange(refresh: Refresh): () => void {
  refreshPage = refresh
  if (missedChange) {
    missedChange = false
    refresh()
  }
  return () => {
    if (refreshPage === refresh) refreshPage = null
  }
}
