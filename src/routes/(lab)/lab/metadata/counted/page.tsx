import { cached, type Metadata } from '#framework'

export const dynamic = 'force-dynamic'

// How many times the function below ran in this process: a lab counter, the same for everyone.
let runs = 0

/** Never kept across requests (revalidate: 0); within one request, computed once. */
const countedRead = cached(
  async () => {
    runs += 1
    return runs
  },
  { revalidate: 0, key: 'lab-metadata-counted' },
)

export async function generateMetadata(): Promise<Metadata> {
  return { title: `Counted read ${await countedRead()}` }
}

export default async function CountedReadPage() {
  const first = await countedRead()
  const second = await countedRead()
  return (
    <>
      <h1>Counted read</h1>
      <p data-testid="first-read">{first}</p>
      <p data-testid="second-read">{second}</p>
    </>
  )
}
