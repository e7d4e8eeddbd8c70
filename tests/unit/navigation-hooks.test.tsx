// The navigation hooks of #framework/client (README.md), read from the navigation
// context as the server renders it (ServerNavigation), for URLs with a query and odd paths.
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { useParams, usePathname, useSearchParams } from '../../src/framework/client/hooks.ts'
import { ServerNavigation } from '../../src/framework/client/navigation-context.tsx'
import type { Params } from '../../src/framework/routing/types.ts'

function Probe() {
  const search = useSearchParams()
  const params = useParams()
  return (
    <output>
      {JSON.stringify({
        pathname: usePathname(),
        tag: search.getAll('tag'),
        q: search.get('q'),
        params,
      })}
    </output>
  )
}

function read(url: string, params: Params = {}) {
  const html = renderToStaticMarkup(
    <ServerNavigation url={url} params={params}>
      <Probe />
    </ServerNavigation>,
  )
  return JSON.parse(html.replace(/^<output>|<\/output>$/g, '').replaceAll('&quot;', '"'))
}

describe('usePathname, useSearchParams, useParams', () => {
  it('split the URL on screen into its path and query, and give the route params', () => {
    expect(read('/notes/7?q=garden&tag=a&tag=b', { id: '7' })).toEqual({
      pathname: '/notes/7',
      tag: ['a', 'b'],
      q: 'garden',
      params: { id: '7' },
    })
  })

  it('treat a path that begins with // as a path, not as another host', () => {
    expect(read('//x:99999/notes')).toEqual({
      pathname: '//x:99999/notes',
      tag: [],
      q: null,
      params: {},
    })
  })

  it('say where they must be called from, outside a route', () => {
    expect(() => renderToStaticMarkup(<Probe />)).toThrow(
      /must be called in a client component rendered by a route/,
    )
  })
})
