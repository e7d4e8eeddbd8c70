/** A URL only the slot answers: a client navigation to it keeps the main part and its scroll. */
export default function SideOnly() {
  return <p>Side: only</p>
}
