import { RecentNotes } from './_components/recent-notes.tsx'

export default function HomePage() {
  return (
    <>
      <h1>Notebook</h1>
      <p>A small notebook, server-rendered with React Server Components.</p>
      <h2>Recent notes</h2>
      <RecentNotes count={3} />
    </>
  )
}
