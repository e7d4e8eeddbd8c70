export default function Main() {
  return <p>Main: missing</p>
}
