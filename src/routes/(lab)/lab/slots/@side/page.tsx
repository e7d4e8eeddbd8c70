export default function Side() {
  return <p>Side: home</p>
}
