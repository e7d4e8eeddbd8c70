/** The `@modal` slot shows nothing unless a note is intercepted into it. */
export default function NoModal() {
  return null
}
