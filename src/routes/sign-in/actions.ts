'use server'
import { cookies, type Route, redirect } from '#framework'
import { endSession, SESSION_COOKIE, SESSION_MAX_AGE_S, signIn } from '../_data/auth.ts'

export interface SignInState {
  username: string
  error?: string
}

/** Stands for this site when `next` is read: only what resolves to it is kept. */
const THIS_SITE = 'http://this-site.invalid'

/**
 * Only paths of this site: an open redirect would let links send users anywhere. `next` is read
 * as a browser would (`/\evil.example` and `/\t/evil.example` are other hosts to it) and
 * kept only if it is a path on this site, as that path.
 */
function safeNext(value: FormDataEntryValue | null): Route {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/account'
  const url = URL.canParse(value, THIS_SITE) ? new URL(value, THIS_SITE) : undefined
  if (url?.origin !== THIS_SITE) return '/account'
  // A path of this site, which a route may or may not answer: the visitor's own.
  return (url.pathname + url.search + url.hash) as Route
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
