'use server'
import { cookies, redirect } from '#framework'
import { endSession, SESSION_COOKIE, SESSION_MAX_AGE_S, signIn } from '../_data/auth.ts'

export interface SignInState {
  username: string
  error?: string
}

/** Only paths of this site: an open redirect would let links send users anywhere. */
function safeNext(value: FormDataEntryValue | null): string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//')
    ? value
    : '/account'
}

export async function signInAction(
  _previous: SignInState,
  formData: FormData,
): Promise<SignInState> {
  const username = String(formData.get('username') ?? '').trim()
  const password = String(formData.get('password') ?? '')
  const token = await signIn(username, password)
  if (!token) return { username, error: 'Wrong username or password.' }
  ;(await cookies()).set(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    maxAge: SESSION_MAX_AGE_S,
  })
  redirect(safeNext(formData.get('next')))
}

export async function signOutAction(): Promise<void> {
  const store = await cookies()
  const token = store.get(SESSION_COOKIE)?.value
  if (token) await endSession(token)
  store.delete(SESSION_COOKIE)
  redirect('/')
}
