export default function SideLoading() {
  return <p>Side loading…</p>
}
