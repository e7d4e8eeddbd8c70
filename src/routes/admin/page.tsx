import type { Metadata } from '#framework'
import { forbidden, unauthorized } from '#framework'
import { currentUser } from '../_data/auth.ts'
import { listNotes } from '../_data/notes.ts'

export const metadata: Metadata = { title: 'Admin' }

export default async function AdminPage() {
  const user = await currentUser()
  if (!user) unauthorized()
  if (user.role !== 'admin') forbidden()
  const notes = await listNotes()
  return (
    <>
      <h1>Admin</h1>
      <p data-testid="admin-summary">
        {notes.length} notes, {notes.reduce((sum, note) => sum + note.likes, 0)} likes in all.
      </p>
    </>
  )
}
