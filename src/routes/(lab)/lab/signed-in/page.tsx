import type { Metadata } from '#framework'
import { permanentRedirect } from '#framework'
import { currentUser } from '../../../_data/auth.ts'

export const metadata: Metadata = { title: 'Signed in' }

/**
 * For signed-in visitors: the others are sent to /sign-in with permanentRedirect() (308), which
 * was decided from their session cookie, so no cache may keep it (docs/protocol.md, "Caching"):
 * once signed in, the visitor sees this page.
 */
export default async function SignedInPage() {
  const user = await currentUser()
  if (!user) permanentRedirect('/sign-in')
  return (
    <>
      <h1>Signed in</h1>
      <p data-testid="lab-signed-in">{`Signed in as ${user.username}`}</p>
    </>
  )
}
