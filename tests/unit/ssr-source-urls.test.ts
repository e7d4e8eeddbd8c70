// The ssr environment's script names under the dev server (vite/ssr-source-urls.ts): the
// sourceURL comment Vite's module runner appends gains the environment, so Node keeps the ssr
// module's source map apart from the rsc module's of the same file.
import { describe, expect, test } from 'vitest'
import { withEnvironmentSourceUrl } from '../../src/framework/vite/ssr-source-urls.ts'

/** A module as Vite's fetchModule hands it to the runner: code, then its naming comments. */
const fetched = (body: string, id: string) =>
  `${body}\n//# sourceURL=${id}\n//# sourceMappingSource=vite-generated\n//# sourceMappingURL=data:application/json;base64,e30=\n`

describe("the ssr environment's script names", () => {
  test("Vite's sourceURL gains the environment; the rest of the code is unchanged", () => {
    expect(withEnvironmentSourceUrl(fetched('f()', '/app/src/actions.ts'), 'ssr')).toBe(
      fetched('f()', '/app/src/actions.ts?ssr'),
    )
  })

  test('after a query, the environment is one more parameter', () => {
    expect(withEnvironmentSourceUrl(fetched('f()', '/app/src/a.css?inline'), 'ssr')).toBe(
      fetched('f()', '/app/src/a.css?inline&ssr'),
    )
  })

  test("only the last comment, Vite's, is renamed: one in the module's own code is not", () => {
    const body = 'const text = `\n//# sourceURL=/elsewhere.js\n`'
    expect(withEnvironmentSourceUrl(fetched(body, '/app/src/x.ts'), 'ssr')).toBe(
      fetched(body, '/app/src/x.ts?ssr'),
    )
  })

  test('code without a sourceURL (no source map) is left as it is', () => {
    expect(withEnvironmentSourceUrl('export {}\n', 'ssr')).toBe('export {}\n')
  })
})
