/** What the main part shows on a document load of a URL only the slot answers (/lab/slots/only). */
export default function MainDefault() {
  return <p>Main: default</p>
}
