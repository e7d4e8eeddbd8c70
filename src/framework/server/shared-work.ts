// Work whose result is the same for everyone who asks while it runs (a whole render of a page,
// a static page's HTML, a static route handler's answer): the first request starts it, the
// others wait on the same promise, and it is forgotten once it settles. Each handler owns its
// own (core-state.ts), so two handlers in one process never share a render.

export class SharedWork<Key, Result> {
  private readonly running = new Map<Key, Promise<Result>>()

  /**
   * The work under way for `key`, or `start()`'s. `started` tells the caller it started it: only
   * that caller may use what cannot be shared (a Response body is read once).
   */
  share(key: Key, start: () => Promise<Result>): { result: Promise<Result>; started: boolean } {
    const running = this.running.get(key)
    if (running) return { result: running, started: false }
    const result = start().finally(() => this.running.delete(key))
    this.running.set(key, result)
    return { result, started: true }
  }
}
