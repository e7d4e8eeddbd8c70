import { Breakable } from '../../_breakable.tsx'

export default function ClientErrorPage() {
  return (
    <>
      <title>Client error · Lab</title>
      <h1>A client component that can fail</h1>
      <Breakable />
    </>
  )
}
