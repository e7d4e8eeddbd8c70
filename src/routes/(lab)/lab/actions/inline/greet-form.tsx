'use client'
import { useState, useTransition } from 'react'

/** Calls the page's inline server function and shows its answer, or the error it ended with. */
export function GreetForm({ greet }: { greet: (name: string) => Promise<string> }) {
  const [answer, setAnswer] = useState('')
  const [pending, startTransition] = useTransition()
  return (
    <p>
      <button
        type="button"
        disabled={pending}
        onClick={() =>
          startTransition(async () => {
            try {
              setAnswer(await greet('Ada'))
            } catch (error) {
              setAnswer(`failed: ${error instanceof Error ? error.message : String(error)}`)
            }
          })
        }
      >
        Greet Ada
      </button>{' '}
      <output data-testid="greeting">{answer}</output>
    </p>
  )
}
