import type { Metadata } from '#framework'
import { INTERRUPT_KINDS } from '../_interrupt.tsx'
import { interruptFormAction } from './actions.ts'
import { CallButton } from './call-button.tsx'

export const metadata: Metadata = { title: 'Server function interrupts' }

const KINDS = [...INTERRUPT_KINDS, 'error', 'none']

export default function ActionsPage() {
  return (
    <>
      <h1>Server function interrupts</h1>
      <h2>From a click handler</h2>
      <ul>
        {KINDS.map((kind) => (
          <li key={kind}>
            <CallButton kind={kind} />
          </li>
        ))}
      </ul>
      <h2>As forms (these work without JavaScript)</h2>
      <ul>
        {KINDS.map((kind) => (
          <li key={kind}>
            <form action={interruptFormAction}>
              <input type="hidden" name="kind" value={kind} />
              <button type="submit">Submit {kind}</button>
            </form>
          </li>
        ))}
      </ul>
    </>
  )
}
