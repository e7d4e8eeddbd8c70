/**
 * A page that never finishes rendering and says nothing up front about being dynamic: its first
 * render is the whole render that would classify it, which the framework bounds in time (any
 * path under /lab/stuck is such a page).
 */
export default async function StuckPage(): Promise<never> {
  return new Promise<never>(() => {})
}
