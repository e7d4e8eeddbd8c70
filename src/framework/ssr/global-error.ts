// The ssr environment's view of the app's global-error.tsx, for the 500 document it renders when
// the page's own render failed (there is then no payload to take it from).
import type { ComponentType } from 'react'
import DefaultGlobalError from '../../fallbacks/global-error.tsx'

type GlobalErrorComponent = ComponentType<{ error: Error & { digest?: string }; host?: string }>

const appGlobalError = import.meta.glob<{ default: GlobalErrorComponent }>(
  '/src/routes/global-error.{tsx,jsx}',
)

export async function loadGlobalErrorScreen(): Promise<GlobalErrorComponent> {
  const load = Object.values(appGlobalError)[0]
  return load ? (await load()).default : DefaultGlobalError
}
