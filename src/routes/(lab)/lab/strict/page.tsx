export default function Main() {
  return <p>Main: strict home</p>
}
