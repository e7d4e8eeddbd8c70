// A route written in plain `.js` with JSX (docs/routing.md allows it). It reads no search params,
// so it is static: every visitor gets the same page, whatever the query. The client component
// shows the query from useSearchParams(), which after hydration is the browser's own URL's.
import { SearchParamsView } from './search-params.js'

export const metadata = { title: 'Query' }

export default function QueryPage() {
  return (
    <>
      <h1>A static page, in .js</h1>
      <SearchParamsView />
    </>
  )
}
