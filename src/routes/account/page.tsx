import type { Metadata } from '#framework'
import { unauthorized } from '#framework'
import { Link } from '#framework/client'
import { currentUser } from '../_data/auth.ts'
import { signOutAction } from '../sign-in/actions.ts'

export const metadata: Metadata = { title: 'Account' }

export default async function AccountPage() {
  const user = await currentUser()
  if (!user) unauthorized()
  return (
    <>
      <h1>Your account</h1>
      <p data-testid="signed-in-as">
        Signed in as {user.username} ({user.role})
      </p>
      <p>
        <Link href="/you">Your notebook</Link>
      </p>
      <form action={signOutAction}>
        <button type="submit">Sign out</button>
      </form>
    </>
  )
}
