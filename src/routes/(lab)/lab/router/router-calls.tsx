'use client'
import { useState, useTransition } from 'react'
import type { Route } from '#framework'
import { useRouter } from '#framework/client'

/**
 * Buttons that make router calls, alone or several in one tick, to the URL typed in the box; and
 * a push in a transition, whose pending state shows until the page is replaced (or unloads).
 */
export function RouterCalls() {
  const router = useRouter()
  const [target, setTarget] = useState('/about')
  const [isPending, startTransition] = useTransition()
  // Whatever was typed in the box: a route may answer it or not.
  const href = target as Route
  const calls: [label: string, run: () => void][] = [
    ['Push', () => router.push(href)],
    ['Push in a transition', () => startTransition(() => router.push(href))],
    ['Refresh', () => router.refresh()],
    [
      'Push then refresh',
      () => {
        router.push(href)
        router.refresh()
      },
    ],
    [
      'Replace then refresh',
      () => {
        router.replace(href)
        router.refresh()
      },
    ],
    [
      'Refresh then push',
      () => {
        router.refresh()
        router.push(href)
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
