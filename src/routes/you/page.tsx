import { Suspense } from 'react'
import type { Metadata } from '#framework'
import { Link } from '#framework/client'
import { NotesSummary } from '../_components/notes-summary.tsx'
import { RecentNotes } from '../_components/recent-notes.tsx'
import { currentUser } from '../_data/auth.ts'

export const metadata: Metadata = { title: 'Your notebook' }

/**
 * Partial prerendering (docs/caching.md): the notes, the same for everyone and cached, are the
 * shell, kept and sent at once; who is signed in is the one part rendered per request.
 */
export const experimental_ppr = true

/** The hole: reads the session cookie. */
async function SignedInAs() {
  const user = await currentUser()
  if (!user) {
    return (
      <p data-testid="you">
        You are not signed in. <Link href="/sign-in?next=/you">Sign in</Link> to write notes.
      </p>
    )
  }
  return (
    <p data-testid="you">
      Signed in as {user.username}. <Link href="/notes/new">Write a note</Link>
    </p>
  )
}

export default function YourNotebookPage() {
  return (
    <>
      <h1>Your notebook</h1>
      <Suspense fallback={<p data-testid="you-fallback">Checking who you are…</p>}>
        <SignedInAs />
      </Suspense>
      <NotesSummary />
      <h2>Latest notes</h2>
      <RecentNotes count={5} />
    </>
  )
}
