// The shape of the RSC payload: what the rsc environment serialises and the ssr and browser
// environments read back. One type for all three keeps them in step.
import type { ReactNode } from 'react'
import type { ReactFormState } from 'react-dom/client'
import type { Params } from './route-table.ts'

export interface RscPayload {
  /** The route's element tree: layouts, boundaries and the page. */
  tree: ReactNode
  /** The URL (pathname and search) the tree was rendered for. */
  url: string
  params: Params
  /** `useActionState` state after a form posted without JavaScript. */
  formState?: ReactFormState
}
