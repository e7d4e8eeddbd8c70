/**
 * `modal` is the `@modal` slot (docs/routing.md, "Parallel routes"): empty (its default.tsx)
 * unless a client navigation from the notes list to a note is intercepted by
 * `@modal/(.)[id]/page.tsx`, which shows the note over the list.
 */
export default function NotesLayout({ children, modal }: LayoutProps<'/notes'>) {
  return (
    <section aria-label="Notes section">
      <p className="section-label">Notes section</p>
      {children}
      {modal}
    </section>
  )
}
