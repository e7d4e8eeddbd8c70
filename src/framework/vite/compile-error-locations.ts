// Dev server: a module that does not compile is shown at its file, line and column, with its
// code frame, in every overlay and log that shows it. Oxc's transform (Vite's own TypeScript and
// JSX one) throws an error that says where only in its message and in the list of errors it
// wraps; Vite locates a transform error, and draws its frame, from its `pos` alone. Each
// transform hook is wrapped to give its error the position of the first error it lists.
import type { Plugin } from 'vite'

type TransformHook = NonNullable<Plugin['transform']>
type TransformHandler = Extract<TransformHook, (...args: never[]) => unknown>

/** The offset in the transformed code of the first error `error` lists, unless it says where. */
function listedPosition(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { pos, loc, errors } = error as { pos?: unknown; loc?: unknown; errors?: unknown }
  if (pos !== undefined || loc !== undefined || !Array.isArray(errors)) return undefined
  const first: unknown = errors[0]
  const listed =
    typeof first === 'object' && first !== null ? (first as { pos?: unknown }).pos : undefined
  return typeof listed === 'number' ? listed : undefined
}

function located(handler: TransformHandler): TransformHandler {
  return async function (this: ThisParameterType<TransformHandler>, ...args) {
    try {
      return await handler.apply(this, args)
    } catch (error) {
      const pos = listedPosition(error)
      // Vite turns `pos` into `loc` (mapped to the source) and a code frame (its _formatLog).
      if (pos !== undefined) Object.assign(error as object, { pos })
      throw error
    }
  }
}

export function compileErrorLocations(): Plugin {
  return {
    name: 'framework:compile-error-locations',
    apply: 'serve',
    configResolved(config) {
      for (const plugin of config.plugins) {
        const hook = plugin.transform
        if (!hook) continue
        plugin.transform =
          typeof hook === 'function' ? located(hook) : { ...hook, handler: located(hook.handler) }
      }
    },
  }
}
