// The lab's controls that change server state (draft mode, revalidation) are the admin's: the
// production build serves the lab, and nobody else may flip them (docs/security.md, "The lab").
// `LAB_CONTROLS=open` opens them to everyone, for a test rig or a machine of one's own: a test
// that stops the store the sessions live in (Redis) still reaches the control it tests.
import { forbidden, unauthorized } from '#framework'
import { currentUser } from '../../_data/auth.ts'

/** Goes on only for the signed-in admin: 401 without a session, 403 for any other user. */
export async function requireAdmin(): Promise<void> {
  if (process.env.LAB_CONTROLS === 'open') return
  const user = await currentUser()
  if (!user) unauthorized()
  if (user.role !== 'admin') forbidden()
}
