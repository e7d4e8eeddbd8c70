export default function Side() {
  return <p>Side: strict home</p>
}
