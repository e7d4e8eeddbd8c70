import { Link } from '#framework/client'

/** This segment's own 401 screen: it says how to get in. */
export default function AccountUnauthorized() {
  return (
    <>
      <title>401: Sign in to see your account</title>
      <h1>Sign in to see your account</h1>
      <p>
        <Link href="/sign-in?next=/account">Sign in</Link>
      </p>
    </>
  )
}
