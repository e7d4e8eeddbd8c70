import type { Metadata } from '#framework'
import { cookies } from '#framework'

export const metadata: Metadata = { title: 'Server error fixed' }

/** Fails until the `lab-fixed` cookie says the cause is fixed, so reset() can recover. */
export default async function ServerErrorPage() {
  const fixed = (await cookies()).get('lab-fixed')?.value === '1'
  if (!fixed) throw new Error('The lab server component failed (secret detail 42).')
  return <h1>The server component works again</h1>
}
