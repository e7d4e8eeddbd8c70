export default function Main() {
  return <p>Main: a</p>
}
