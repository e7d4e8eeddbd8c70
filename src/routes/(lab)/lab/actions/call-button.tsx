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
            try {
              setResult(`resolved: ${await interruptAction(kind)}`)
            } catch (error) {
              setResult(`rejected: ${error instanceof Error ? error.message : String(error)}`)
            }
          })
        }
      >
        Call {kind}
      </button>{' '}
      <output data-testid={`result-${kind}`}>{result}</output>
    </span>
  )
}
