export default function Main() {
  return <p>Main: boom</p>
}
