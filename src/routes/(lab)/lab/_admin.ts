// The lab's controls that change server state (draft mode, revalidation) are the admin's: the
// production build serves the lab, and nobody else may flip them (docs/security.md, "The lab").
import { forbidden, unauthorized } from '#framework'
import { currentUser } from '../../_data/auth.ts'

/** Goes on only for the signed-in admin: 401 without a session, 403 for any other user. */
export async function requireAdmin(): Promise<void> {
  const user = await currentUser()
  if (!user) unauthorized()
  if (user.role !== 'admin') forbidden()
}
