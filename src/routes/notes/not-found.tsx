import { Link } from '#framework/client'

/** The notes section's own 404 screen. */
export default function NoteNotFound() {
  return (
    <>
      <title>404: This note could not be found.</title>
      <h1>This note could not be found.</h1>
      <p>
        It may have been deleted. <Link href="/notes">See all notes</Link>
      </p>
    </>
  )
}
