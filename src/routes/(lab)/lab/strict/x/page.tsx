export default function Main() {
  return <p>Main: strict x</p>
}
