'use client'
// The interrupts thrown by a client component while it renders, imported beside the hooks from
// #framework/client as a Next.js developer would: on the server (SSR) they set the status, in the
// browser the nearest boundary shows the screen or navigates.
import {
  forbidden,
  notFound,
  permanentRedirect,
  redirect,
  unauthorized,
  useParams,
} from '#framework/client'

export function ClientInterrupt() {
  const { kind } = useParams<{ kind: string }>()
  switch (kind) {
    case 'not-found':
      return notFound()
    case 'unauthorized':
      return unauthorized()
    case 'forbidden':
      return forbidden()
    case 'redirect':
      return redirect('/about')
    case 'permanent-redirect':
      return permanentRedirect('/about')
    default:
      return <p data-testid="client-interrupt">Nothing thrown for {kind}.</p>
  }
}
