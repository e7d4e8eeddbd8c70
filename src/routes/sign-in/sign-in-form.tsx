'use client'
import { useActionState } from 'react'
import { type SignInState, signInAction } from './actions.ts'

export function SignInForm({ next }: { next: string }) {
  const [state, action, pending] = useActionState(signInAction, { username: '' } as SignInState)
  return (
    <form action={action} className="note-form">
      <input type="hidden" name="next" value={next} />
      <label>
        Username
        <input name="username" autoComplete="username" defaultValue={state.username} required />
      </label>
      <label>
        Password
        <input name="password" type="password" autoComplete="current-password" required />
      </label>
      {state.error ? (
        <p role="alert" className="field-error">
          {state.error}
        </p>
      ) : null}
      <button type="submit" disabled={pending}>
        {pending ? 'Signing in…' : 'Sign in'}
      </button>
    </form>
  )
}
