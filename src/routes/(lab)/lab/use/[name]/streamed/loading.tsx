export default function UseLoading() {
  return <p>Waiting for the promise…</p>
}
