'use client'

/** The slot's own error screen: the main content beside it stays. */
export default function SideError({ reset }: { error: Error; reset: () => void }) {
  return (
    <p>
      The side failed.{' '}
      <button type="button" onClick={reset}>
        Retry the side
      </button>
    </p>
  )
}
