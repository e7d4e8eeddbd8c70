export default function SideNotFound() {
  return <p>Nothing on the side.</p>
}
