import type { Metadata } from '#framework'
import { SignInForm } from './sign-in-form.tsx'

export const metadata: Metadata = { title: 'Sign in' }

export default async function SignInPage({ searchParams }: PageProps<'/sign-in'>) {
  const { next } = await searchParams
  return (
    <>
      <h1>Sign in</h1>
      <SignInForm next={typeof next === 'string' ? next : '/account'} />
      <p>Demo accounts: reader / reader-pass, admin / admin-pass.</p>
    </>
  )
}
