import { SignInForm } from './sign-in-form.tsx'

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string }>
}) {
  const { next } = await searchParams
  return (
    <>
      <title>Sign in · Notebook</title>
      <h1>Sign in</h1>
      <SignInForm next={typeof next === 'string' ? next : '/account'} />
      <p>Demo accounts: reader / reader-pass, admin / admin-pass.</p>
    </>
  )
}
