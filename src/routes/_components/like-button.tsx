'use client'
import { useState, useTransition } from 'react'
import { likeNoteAction } from '../notes/actions.ts'

/** Calls a server function from an event handler and shows what it returns. */
export function LikeButton({ id, likes }: { id: string; likes: number }) {
  const [count, setCount] = useState(likes)
  const [pending, startTransition] = useTransition()
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() =>
        startTransition(async () => {
          setCount(await likeNoteAction(id))
        })
      }
    >
      ♥ {count} {count === 1 ? 'like' : 'likes'}
    </button>
  )
}
