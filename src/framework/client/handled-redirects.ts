// Redirect signals the router has already acted on: a server function call that redirected
// rejects with one after the router navigated, so a boundary that catches it only clears itself.
const handled = new WeakSet<object>()

export function markHandled(signal: Error): void {
  handled.add(signal)
}

export function isHandled(error: unknown): boolean {
  return typeof error === 'object' && error !== null && handled.has(error)
}
