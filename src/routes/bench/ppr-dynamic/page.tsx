import { BenchVisitorPage } from '../_visitor.tsx'

/** The same page as /bench/ppr without partial prerendering: reading the cookie makes all of it dynamic (contender g). */
export default function BenchCookieDynamicPage() {
  return <BenchVisitorPage />
}
