// Dev smoke test (README.md): `npm run dev` serves a page that hydrates. The Vite dev
// server is spawned as `node vite.js` and stopped by its PID after the file, also on failure.
import { describe, expect, test } from 'vitest'
import { callServerFunction } from './support/client-calls.ts'
import { expectDevHomeHydrates, formsOf, setupDevServerAndBrowser } from './support/index.ts'

const { dev, chromium } = setupDevServerAndBrowser()

test('the dev server serves / with status 200 and the page hydrates', async () => {
  await expectDevHomeHydrates(await chromium.newPage())
})

test('the dev server answers a navigation payload', async () => {
  const response = await fetch(`${dev.url}/notes/3_.rsc`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/x-component/)
  expect(await response.text()).toContain('Note id: ')
})

// The dev server dispatches a post only to a registered server function ("use server"), as the
// build does: a module's other exports answer 404 like an unknown id (docs/security.md).
describe('server function ids under the dev server', () => {
  /** The modules of the note page's server functions, as its forms name them. */
  async function noteModules(): Promise<{ actions: string; page: string }> {
    const ids = formsOf(await (await fetch(`${dev.url}/notes/3`)).text()).flatMap(
      (form) => form.actionIds,
    )
    const moduleOf = (name: string) => {
      const id = ids.find((candidate) => candidate.endsWith(`#${name}`))
      if (!id) throw new Error(`The note page names no server function ${name}: ${ids}`)
      return id.slice(0, id.lastIndexOf('#'))
    }
    // deleteNoteAction is in a "use server" module; the page itself holds an inline one.
    return { actions: moduleOf('deleteNoteAction'), page: moduleOf('$$hoist_0_toggleFavourite') }
  }

  test('a "use server" export is called', async () => {
    const { actions } = await noteModules()
    const response = await callServerFunction(dev.url, '/notes/3', `${actions}#likeNoteAction`, [
      '3',
    ])
    expect(response.status).toBe(200)
  })

  test.each([
    ['the page component of a module with an inline server function', 'page', 'default'],
    ['a missing export of a "use server" module', 'actions', 'noSuchAction'],
  ] as const)('%s: 404, not run', async (_, module, exportName) => {
    const id = `${(await noteModules())[module]}#${exportName}`
    const response = await callServerFunction(dev.url, '/notes/3', id, ['3'])
    expect(response.status).toBe(404)
    expect(await response.text()).toContain(`Server function ${id} was not found.`)
  })

  test('an export of a module without "use server": 404', async () => {
    const id = '/src/routes/_data/notes.ts#listNotes'
    const response = await callServerFunction(dev.url, '/notes/3', id, [])
    expect(response.status).toBe(404)
    expect(await response.text()).toContain(`Server function ${id} was not found.`)
  })
})
