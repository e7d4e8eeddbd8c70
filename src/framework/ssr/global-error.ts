// The global error screen of the 500 document the ssr side renders when the page's own render
// failed (there is then no payload to take it from): the app's global-error.tsx, which the host
// hands over (entry.ssr.tsx), or the default screen.
import type { ComponentType } from 'react'
import DefaultGlobalError from '../../fallbacks/global-error.tsx'

export type GlobalErrorComponent = ComponentType<{
  error: Error & { digest?: string }
  host?: string
}>

/** Loads the app's global-error.tsx; undefined when the app has none. */
export type GlobalErrorLoader = (() => Promise<{ default: GlobalErrorComponent }>) | undefined

export async function loadGlobalErrorScreen(
  load: GlobalErrorLoader,
): Promise<GlobalErrorComponent> {
  return load ? (await load()).default : DefaultGlobalError
}
