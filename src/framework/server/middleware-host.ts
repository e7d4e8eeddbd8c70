// Holds the app's middleware module (src/middleware.ts or src/proxy.ts, docs/middleware.md):
// loaded on the first request, its function and compiled `config.matcher` kept until the dev
// server says the code changed. middleware-run.ts runs what it holds.
import { compileMatcher, type RequestMatcher } from '../routing/middleware-matcher.ts'
import type { Middleware } from './middleware-api.ts'

/** The app's middleware module as the build finds it (entry.rsc.tsx, or a test). */
export interface MiddlewareSource {
  /** Its path, for messages: `src/middleware.ts`. */
  file: string
  load(): Promise<Record<string, unknown>>
}

export interface LoadedMiddleware {
  file: string
  run: Middleware
  matches: RequestMatcher
}

/** The exports a middleware function may have, in the order they are looked for. */
const FUNCTION_EXPORTS = ['middleware', 'proxy', 'default'] as const

function fromModule(file: string, mod: Record<string, unknown>): LoadedMiddleware {
  const name = FUNCTION_EXPORTS.find((exported) => typeof mod[exported] === 'function')
  if (!name) {
    throw new Error(
      `${file} must export a function named middleware or proxy (or a default export); it exports ${Object.keys(mod).join(', ') || 'nothing'}.`,
    )
  }
  const config = mod.config as { matcher?: Parameters<typeof compileMatcher>[0] } | undefined
  return { file, run: mod[name] as Middleware, matches: compileMatcher(config?.matcher, file) }
}

/** The app's middleware, loaded once (again after a code change in dev); one per handler. */
export class MiddlewareHost {
  private loaded: LoadedMiddleware | undefined
  private loading: Promise<LoadedMiddleware> | undefined

  constructor(private readonly source: MiddlewareSource) {}

  /** Dev server: the code changed, so the module is loaded again. */
  forget(): void {
    this.loaded = undefined
    this.loading = undefined
  }

  /** Loaded once; a load that failed is tried again by the next request. */
  load(): LoadedMiddleware | Promise<LoadedMiddleware> {
    if (this.loaded) return this.loaded
    const { file } = this.source
    this.loading ??= this.source.load().then((mod) => fromModule(file, mod))
    const loading = this.loading
    loading.then(
      (loaded) => {
        if (this.loading === loading) this.loaded = loaded
      },
      () => {
        if (this.loading === loading) this.loading = undefined
      },
    )
    return loading
  }
}
