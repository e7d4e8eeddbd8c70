// Navigations never run script: a `javascript:` URL reaching the router (redirect(), a server
// function's redirect, router.push(), a Link) is refused, as Next.js refuses it, so that a target
// taken from a visitor's input (a `?next=` parameter) cannot become cross-site scripting. The
// server's own Location headers need no such check: browsers never follow one to script.

/** True, after saying so in the console, when `url` would run script: the caller stays put. */
export function isScriptUrl(url: URL): boolean {
  if (url.protocol !== 'javascript:') return false
  console.error('A navigation to a javascript: URL was blocked: it would run script in this page.')
  return true
}
