'use client'
import { useState, useTransition } from 'react'
import { useRouter } from '#framework/client'

/**
 * Buttons that make router calls, alone or several in one tick, to the URL typed in the box; and
 * a push in a transition, whose pending state shows until the page is replaced (or unloads).
 */
export function RouterCalls() {
  const router = useRouter()
  const [target, setTarget] = useState('/about')
  const [isPending, startTransition] = useTransition()
  const calls: [label: string, run: () => void][] = [
    ['Push', () => router.push(target)],
    ['Push in a transition', () => startTransition(() => router.push(target))],
    ['Refresh', () => router.refresh()],
    [
      'Push then refresh',
      () => {
        router.push(target)
        router.refresh()
      },
    ],
    [
      'Replace then refresh',
      () => {
        router.replace(target)
        router.refresh()
      },
    ],
    [
      'Refresh then push',
      () => {
        router.refresh()
        router.push(target)
      },
    ],
  ]
  return (
    <p>
      <label>
        Target <input value={target} onChange={(event) => setTarget(event.target.value)} />
      </label>{' '}
      {calls.map(([label, run]) => (
        <button key={label} type="button" onClick={run}>
          {label}
        </button>
      ))}{' '}
      <output aria-label="Transition">{isPending ? 'pending' : 'idle'}</output>
    </p>
  )
}
