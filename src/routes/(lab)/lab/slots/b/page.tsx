export default function Main() {
  return <p>Main: b</p>
}
