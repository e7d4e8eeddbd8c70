'use client'
import { useSearchParams } from '#framework/client'

/** In the shell: the query, which the shell (the same for everyone) renders without. */
export function SearchEcho() {
  const from = useSearchParams().get('from')
  return <p data-testid="search-echo">{`From: ${from ?? 'nowhere'}`}</p>
}
