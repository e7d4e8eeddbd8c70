export default function Main() {
  return <p>Main: slow</p>
}
