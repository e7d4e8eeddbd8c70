// The status of a document (docs/errors.md, "before the first byte" and "after the shell"),
// decided in src/framework/server/document.ts: handlers made from route modules written here,
// real React on both sides, plain Requests. Each case asserts what a browser would get: the
// status line, Location, and the text of the screen shown.
import { type ReactNode, Suspense } from 'react'
import { describe, expect, it } from 'vitest'
import type { Route } from '../../src/framework/routing/typed-hrefs.ts'
import {
  forbidden,
  notFound,
  permanentRedirect,
  redirect,
  unauthorized,
} from '../../src/framework/wire/interrupts.ts'
import {
  documentRequest,
  type Modules,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
  visibleHtml,
} from './support/app.tsx'
import { RootErrorScreen, SectionErrorScreen } from './support/client-screens.tsx'

const html = startHtmlRendererForFile()

const text = (content: string) => () => <p>{content}</p>
const throwing = (thrown: () => never) => async () => thrown()

const NotFoundPart = throwing(notFound)
const RedirectPart = throwing(() => redirect('/elsewhere' as Route))

/** Throws once `gate` opens: the test opens it after the handler answered, so after the shell. */
async function LatePart(props: { gate: Promise<void>; thrown: () => never }): Promise<ReactNode> {
  await props.gate
  return props.thrown()
}

const get = async (modules: Modules, path: string) => {
  const response = await makeHandler(html, modules)(documentRequest(path))
  // The inlined payload also holds the screens a client navigation may show: only the HTML counts.
  return { response, text: visibleHtml(await response.text()) }
}

describe('before the shell', () => {
  it('answers 200 with the page', async () => {
    const { response, text: body } = await get(
      { 'layout.tsx': { default: RootLayout }, 'page.tsx': { default: text('Home page') } },
      '/',
    )
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(body).toContain('<p>Home page</p>')
  })

  it('answers 404 with the default screen for a URL no route matches', async () => {
    const { response, text: body } = await get(
      { 'page.tsx': { default: text('Home') } },
      '/nowhere',
    )
    expect(response.status).toBe(404)
    expect(body).toContain('This page could not be found.')
    expect(body).toContain('<meta name="robots" content="noindex"/>')
  })

  it('answers 404 for notFound() with the nearest not-found screen', async () => {
    const modules: Modules = {
      'layout.tsx': { default: RootLayout },
      'not-found.tsx': { default: text('Root not-found screen') },
      'shop/not-found.tsx': { default: text('Shop not-found screen') },
      'shop/item/page.tsx': { default: throwing(notFound) },
    }
    const { response, text: body } = await get(modules, '/shop/item')
    expect(response.status).toBe(404)
    expect(body).toContain('Shop not-found screen')
    expect(body).not.toContain('Root not-found screen')
  })

  it('answers 404 for an unknown URL with the root not-found screen, in the root layout', async () => {
    const modules: Modules = {
      'layout.tsx': { default: RootLayout },
      'not-found.tsx': { default: text('Root not-found screen') },
      'page.tsx': { default: text('Home') },
    }
    const { response, text: body } = await get(modules, '/nowhere')
    expect(response.status).toBe(404)
    expect(body).toMatch(/<html lang="en">.*Root not-found screen/s)
  })

  it.each([
    [401, unauthorized, "You're not authorized to access this page."],
    [403, forbidden, 'This page could not be accessed.'],
  ] as const)('answers %i with its default screen', async (status, thrower, message) => {
    const modules: Modules = {
      'layout.tsx': { default: RootLayout },
      'page.tsx': { default: throwing(thrower) },
    }
    const { response, text: body } = await get(modules, '/')
    expect(response.status).toBe(status)
    expect(body).toContain(message.replace("'", '&#x27;'))
  })

  it('answers redirect() with 307 and permanentRedirect() with 308, with Location and no page', async () => {
    const modules: Modules = {
      'layout.tsx': { default: RootLayout },
      'old/page.tsx': { default: throwing(() => redirect('/new' as Route)) },
      'moved/page.tsx': { default: throwing(() => permanentRedirect('/new' as Route)) },
      'new/page.tsx': { default: text('New page') },
    }
    const temporary = await get(modules, '/old')
    expect(temporary.response.status).toBe(307)
    expect(temporary.response.headers.get('location')).toBe('/new')
    const permanent = await get(modules, '/moved')
    expect(permanent.response.status).toBe(308)
    expect(permanent.response.headers.get('location')).toBe('/new')
    expect(permanent.text).not.toContain('New page')
  })

  it('lets a redirect win over a notFound() thrown first by a sibling', async () => {
    const page = () => (
      <>
        <NotFoundPart />
        <RedirectPart />
      </>
    )
    const modules: Modules = {
      'layout.tsx': { default: RootLayout },
      'page.tsx': { default: page },
    }
    const { response } = await get(modules, '/')
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/elsewhere')
  })

  describe('an error answers 500 with the nearest error.tsx', () => {
    const fail = (what: string) =>
      throwing(() => {
        throw new Error(`${what} failed`)
      })
    const modules = (failing: 'page' | 'layout'): Modules => ({
      'layout.tsx': { default: RootLayout },
      'error.tsx': { default: RootErrorScreen },
      'shop/error.tsx': { default: SectionErrorScreen },
      'shop/layout.tsx': {
        default:
          failing === 'layout'
            ? fail('The shop layout')
            : ({ children }: { children: ReactNode }) => children,
      },
      'shop/page.tsx': { default: failing === 'page' ? fail('The shop page') : text('Shop') },
    })

    it("a page's error is caught by its own folder's error.tsx", async () => {
      const { response, text: body } = await get(modules('page'), '/shop')
      expect(response.status).toBe(500)
      expect(body).toContain('The section error.tsx shows:')
      expect(body).not.toContain('The root error.tsx shows:')
      // The message of a server error does not reach the page in production wording.
      expect(body).not.toContain('The shop page failed')
    })

    it("a layout's error is caught by the error.tsx of the folder above", async () => {
      const { response, text: body } = await get(modules('layout'), '/shop')
      expect(response.status).toBe(500)
      expect(body).toContain('The root error.tsx shows:')
      expect(body).not.toContain('The section error.tsx shows:')
    })

    it('with no error.tsx above, the global error document answers', async () => {
      const { response, text: body } = await get(
        { 'layout.tsx': { default: RootLayout }, 'page.tsx': { default: fail('The page') } },
        '/',
      )
      expect(response.status).toBe(500)
      expect(body).toContain(
        'Application error: a server-side exception has occurred while loading app.test (see the server logs for more information).',
      )
      expect(body).toMatch(/Digest: \d+/)
    })
  })
})

describe('after the shell', () => {
  /** A page whose Suspense boundary throws `thrown` once the test lets it, after the shell. */
  function latePage(thrown: () => never) {
    let release = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const page = () => (
      <>
        <h1>Shell of the page</h1>
        <Suspense fallback={<p>Loading the late part</p>}>
          <LatePart gate={gate} thrown={thrown} />
        </Suspense>
      </>
    )
    // force-dynamic: streamed, so its shell goes out before the late part is rendered.
    const modules: Modules = {
      'layout.tsx': { default: RootLayout },
      'page.tsx': { default: page, dynamic: 'force-dynamic' },
    }
    return { modules, release }
  }

  it('notFound() keeps 200 and adds the noindex meta', async () => {
    const { modules, release } = latePage(notFound)
    const response = await makeHandler(html, modules)(documentRequest('/'))
    // The handler answers once the shell is ready: only then does the late part throw.
    release()
    expect(response.status).toBe(200)
    const body = await response.text()
    expect(body).toContain('Shell of the page')
    expect(body).toContain('<noscript><meta name="robots" content="noindex"></noscript>')
  })

  it('redirect() keeps 200 and adds the refresh meta to the target', async () => {
    const { modules, release } = latePage(() => redirect('/later' as Route))
    const response = await makeHandler(html, modules)(documentRequest('/'))
    release()
    expect(response.status).toBe(200)
    expect(response.headers.get('location')).toBeNull()
    const body = await response.text()
    expect(body).toContain(
      '<noscript><meta http-equiv="refresh" content="1;url=/later"></noscript>',
    )
  })
})
