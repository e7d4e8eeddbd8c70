export default function NewNotePage() {
  return (
    <>
      <title>New note · Notebook</title>
      <h1>New note</h1>
      <p>Write a new note.</p>
    </>
  )
}
