// Dev server: the ssr environment evaluates each module under a script URL of its own
// (`/app/src/x.ts?ssr`), so that a stack is mapped through the source map of the module that ran.
// Node keeps one source map per script URL (its --enable-source-maps mapping, which Vite's module
// runner turns on), and Vite names every module by its file path in both server environments,
// which run in one process and often run different code for one file: plugin-rsc's stub of a
// 'use server' file in ssr, of a 'use client' one in rsc. Under one URL, whichever environment
// evaluated the file last would map the other's frames: an error thrown by a server function
// would point at a line of its stub. The rsc environment keeps the plain path, which React's
// development stacks send to the browser and plugin-rsc's findSourceMapURL looks up.
import { createRunnableDevEnvironment, type Plugin } from 'vite'
import { ESModulesEvaluator, type ModuleRunnerContext } from 'vite/module-runner'

const ENVIRONMENT = 'ssr'

/** The comment by which Vite's module runner names a module's script (fetchModule's last lines). */
const SOURCE_URL_COMMENT = '\n//# sourceURL='

/**
 * `code` with its script named for `environment`: the last sourceURL comment (the one Vite
 * appends; V8 reads the last) gains `?<environment>`, or `&<environment>` after a query.
 */
export function withEnvironmentSourceUrl(code: string, environment: string): string {
  const start = code.lastIndexOf(SOURCE_URL_COMMENT)
  if (start < 0) return code
  const found = code.indexOf('\n', start + SOURCE_URL_COMMENT.length)
  const end = found < 0 ? code.length : found
  const url = code.slice(start + SOURCE_URL_COMMENT.length, end)
  const tagged = `${url}${url.includes('?') ? '&' : '?'}${environment}`
  return code.slice(0, start + SOURCE_URL_COMMENT.length) + tagged + code.slice(end)
}

/** Vite's evaluator, with each module's script named for the environment. */
class EnvironmentSourceUrls extends ESModulesEvaluator {
  constructor(private readonly environment: string) {
    super()
  }

  override runInlinedModule(context: ModuleRunnerContext, code: string): Promise<void> {
    return super.runInlinedModule(context, withEnvironmentSourceUrl(code, this.environment))
  }
}

export function ssrSourceUrls(): Plugin {
  return {
    name: 'framework:ssr-source-urls',
    apply: 'serve',
    configEnvironment(name, config) {
      // An environment made otherwise (the Workers runtime of cloudflare-worker.ts) is left so.
      if (name !== ENVIRONMENT || config.dev?.createEnvironment) return
      return {
        dev: {
          createEnvironment: (environmentName, resolved) =>
            createRunnableDevEnvironment(environmentName, resolved, {
              runnerOptions: { evaluator: new EnvironmentSourceUrls(environmentName) },
            }),
        },
      }
    },
  }
}
