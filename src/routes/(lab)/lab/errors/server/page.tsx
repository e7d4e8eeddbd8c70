import { cookies } from '#framework'

/** Fails until the `lab-fixed` cookie says the cause is fixed, so reset() can recover. */
export default async function ServerErrorPage() {
  const fixed = (await cookies()).get('lab-fixed')?.value === '1'
  if (!fixed) throw new Error('The lab server component failed (secret detail 42).')
  return (
    <>
      <title>Server error fixed · Lab</title>
      <h1>The server component works again</h1>
    </>
  )
}
