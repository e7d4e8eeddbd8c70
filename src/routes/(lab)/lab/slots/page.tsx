export default function Main() {
  return <p>Main: home</p>
}
