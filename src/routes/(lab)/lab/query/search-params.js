'use client'
import { useSearchParams } from '#framework/client'

export function SearchParamsView() {
  const query = useSearchParams().toString()
  return <p data-testid="search-params">{`Query: ${query || '(none)'}`}</p>
}
