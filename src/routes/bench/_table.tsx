// The bench page's content (bench/README.md): a 1,000-row table computed on the server at each
// render. Shared by /bench/dynamic, /bench/static, the cookie-hole pages (_visitor.tsx) and the
// floor server in bench/floor/.

export const ROW_COUNT = 1000
/** The cookie the cookie-hole pages read; the bench sends it with every request. */
export const VISITOR_COOKIE = 'bench-visitor'
const TEXT_LENGTH = 40
const SOURCE =
  'lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor incididunt ut ' +
  'labore et dolore magna aliqua ut enim ad minim veniam quis nostrud exercitation ullamco '

export interface Row {
  id: number
  name: string
  /** Always TEXT_LENGTH characters. */
  text: string
  value: number
}

/** Deterministic rows (a Lehmer generator), so every server renders the same bytes. */
export function computeRows(count = ROW_COUNT): Row[] {
  const rows: Row[] = []
  let seed = 42
  for (let id = 1; id <= count; id++) {
    seed = (seed * 48271) % 2147483647
    const start = seed % (SOURCE.length - TEXT_LENGTH)
    rows.push({
      id,
      name: `Row ${id}`,
      text: SOURCE.slice(start, start + TEXT_LENGTH),
      value: seed % 100000,
    })
  }
  return rows
}

export function BenchTable() {
  const rows = computeRows()
  return (
    <>
      <h1>Bench: {rows.length} rows</h1>
      <table>
        <thead>
          <tr>
            <th>id</th>
            <th>name</th>
            <th>text</th>
            <th>value</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.id}</td>
              <td>{row.name}</td>
              <td>{row.text}</td>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  )
}
