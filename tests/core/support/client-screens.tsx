'use client'
// The core tests' error.tsx screens: error boundaries are client components, so they live in a
// module of their own, which the RSC side sees as client references and the HTML renderer
// (html-worker.mjs) imports by file path.

type ErrorProps = { error: Error & { digest?: string } }

export function RootErrorScreen({ error }: ErrorProps) {
  return <p>{`The root error.tsx shows: ${error.message}`}</p>
}

export function SectionErrorScreen({ error }: ErrorProps) {
  return <p>{`The section error.tsx shows: ${error.message}`}</p>
}
