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

/** The interrupts by the lab's names for them (see _interrupt.tsx for the server's). */
const THROWERS: Record<string, () => never> = {
  'not-found': notFound,
  unauthorized,
  forbidden,
  redirect: () => redirect('/about'),
  'permanent-redirect': () => permanentRedirect('/about'),
}

export function ClientInterrupt() {
  const { kind } = useParams<{ kind: string }>()
  if (Object.hasOwn(THROWERS, kind)) THROWERS[kind]!()
  // Off the site (the e2e tests answer for that origin), and only in the browser: a document
  // load renders the page on the server, and redirects as it hydrates.
  if (kind === 'external-redirect-in-browser' && typeof window !== 'undefined') {
    redirect('https://external.example/landing')
  }
  return <p data-testid="client-interrupt">Nothing thrown for {kind}.</p>
}
