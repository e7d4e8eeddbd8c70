/** What the slot shows on a document load of a URL it has no page for. */
export default function SideDefault() {
  return <p>Side: default</p>
}
