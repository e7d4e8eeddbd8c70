'use client'
import { useState, useTransition } from 'react'
import { interruptAction } from './actions.ts'

/** Calls the server function from a click handler and shows how the call ended. */
export function CallButton({ kind }: { kind: string }) {
  const [result, setResult] = useState('')
  const [pending, startTransition] = useTransition()
  return (
    <span>
      <button
        type="button"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            let outcome: string
            try {
              outcome = `resolved: ${await interruptAction(kind)}`
            } catch (error) {
              outcome = `rejected: ${error instanceof Error ? error.message : String(error)}`
            }
            // Also to the console: a notFound() call replaces this page (and this button).
            console.info(`[lab] call ${kind} ${outcome}`)
            setResult(outcome)
          })
        }
      >
        Call {kind}
      </button>{' '}
      <output data-testid={`result-${kind}`}>{result}</output>
    </span>
  )
}
