// A static segment matches its own name as sent (docs/routing.md): a percent-encoded alias such
// as `/%61bout` for `/about` reaches no route, whatever kind of request it is; only what becomes
// a param value is decoded.
import { expect, test } from 'vitest'
import { PAYLOAD_SUFFIX } from '../../src/framework/wire/protocol.ts'
import { setupProductionServer } from './support/index.ts'

const app = setupProductionServer()

test.each([
  ['/about', '/%61bout'],
  ['/about', '/%61%62%6F%75%74'],
  ['/notes/3', '/%6Eotes/3'],
  ['/lab/interrupt/redirect', '/lab/%69nterrupt/redirect'],
])('document: %s answers, its alias %s is 404', async (path, alias) => {
  expect((await fetch(app.url + path, { redirect: 'manual' })).status).not.toBe(404)
  const response = await fetch(app.url + alias, { redirect: 'manual' })
  expect(response.status).toBe(404)
  expect(await response.text()).toContain('This page could not be found.')
})

test('payload: /about_.rsc answers, /%61bout_.rsc is 404', async () => {
  expect((await fetch(`${app.url}/about${PAYLOAD_SUFFIX}`)).status).toBe(200)
  expect((await fetch(`${app.url}/%61bout${PAYLOAD_SUFFIX}`)).status).toBe(404)
})

test('route handler: /api/notes answers, /api/%6Eotes and /%61pi/notes are 404', async () => {
  expect((await fetch(`${app.url}/api/notes`)).status).toBe(200)
  for (const alias of ['/api/%6Eotes', '/%61pi/notes', '/api/note%73']) {
    const response = await fetch(app.url + alias)
    expect(response.status, alias).toBe(404)
    expect(response.headers.get('content-type'), alias).toMatch(/^text\/html/)
  }
  // A POST reaches no handler either: it gets what a POST to a URL without a route gets.
  const post = (path: string) =>
    fetch(app.url + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'garden' }),
    })
  const unrouted = await post('/api/no-such-route')
  expect(unrouted.status).toBe(404)
  expect((await post('/api/%6Eotes')).status).toBe(unrouted.status)
})

test('server function form post: the page URL answers, its alias is 404', async () => {
  const html = await (await fetch(`${app.url}/lab/actions`)).text()
  const id = html.match(/name="\$ACTION_ID_([^"]+)"/)?.[1]
  expect(id, 'the lab page has a no-JS server function form').toBeDefined()
  const post = (path: string) => {
    const body = new FormData()
    body.append(`$ACTION_ID_${id}`, '')
    body.append('kind', 'none')
    return fetch(app.url + path, { method: 'POST', body, redirect: 'manual' })
  }
  expect((await post('/lab/actions')).status).toBe(200)
  expect((await post('/lab/%61ctions')).status).toBe(404)
})

test('param values are still decoded: /notes/%33 is note 3, /tags/%67arden the tag garden', async () => {
  const note = await fetch(`${app.url}/notes/%33`)
  expect(note.status).toBe(200)
  expect(await note.text()).toContain('Note 3: travel')
  const tag = await fetch(`${app.url}/tags/%67arden`)
  expect(tag.status).toBe(200)
  expect(await tag.text()).toContain('Notes tagged #garden')
})
