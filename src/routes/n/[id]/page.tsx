import { permanentRedirect } from '#framework'

/** Notes used to live at /n/<id>; old links move to their new place for good. */
export default async function OldNoteUrl({ params }: PageProps<'/n/[id]'>) {
  const { id } = await params
  permanentRedirect(`/notes/${encodeURIComponent(id)}`)
}
