'use client'

/** The lab's error.tsx: what went wrong (only a digest from the server in production). */
export default function LabError({
  error,
  reset,
}: {
  error: Error & { digest?: string }
  reset: () => void
}) {
  return (
    <div role="alert" className="lab-error">
      <h2>Something went wrong in the lab.</h2>
      <p data-testid="error-message">{error.message}</p>
      {error.digest ? <p data-testid="error-digest">Digest: {error.digest}</p> : null}
      <button type="button" onClick={reset}>
        Try again
      </button>
    </div>
  )
}
