// A function passed by a server component to the browser throws where it is written, in
// development (server/checked-elements.ts, vite/server-component-props.ts; docs/errors.md
// "Server component mistakes").
import { describe, expect, test } from 'vitest'
import { checkedElementFactory } from '../../src/framework/server/checked-elements.ts'
import { checkServerComponentProps } from '../../src/framework/vite/server-component-props.ts'
import {
  serverComponentFunctionPropMessage,
  serverComponentValuePropMessage,
} from '../../src/framework/wire/errors.ts'

const FILE = 'src/routes/counter/page.tsx'
const create = (type: unknown, props: Record<string, unknown>) => ({ type, props })
const checked = checkedElementFactory(create, FILE)
const source = { fileName: '/app/src/routes/counter/page.tsx', lineNumber: 7, columnNumber: 3 }

/** A client component as plugin-rsc's rsc environment sees it. */
const clientReference = (id: string) =>
  Object.assign(() => {}, { $$typeof: Symbol.for('react.client.reference'), $$id: id })

describe('functions passed to the browser', () => {
  test('an event handler of an HTML element: the file, the line, the prop and the fix', () => {
    const message = serverComponentFunctionPropMessage('onClick', '<button>', `${FILE}:7`, false)
    expect(() => checked('button', { onClick: () => {} }, undefined, false, source)).toThrow(
      message,
    )
    expect(message).toMatch(/^src\/routes\/counter\/page\.tsx:7 passes the event handler onClick/)
    expect(message).toContain(`Add 'use client' at the top of ${FILE}`)
  })

  test('a function as a prop of a client component, named by its export', () => {
    const Counter = clientReference('/src/routes/_components/counter.tsx#Counter')
    expect(() => checked(Counter, { format: (n: number) => `${n}` })).toThrow(
      serverComponentFunctionPropMessage('format', '<Counter>', FILE, true),
    )
  })

  test('server functions, client components and plain values pass, and server components take anything', () => {
    const action = Object.assign(async () => {}, { $$typeof: Symbol.for('react.server.reference') })
    const Icon = clientReference('/src/icon.tsx#default')
    expect(checked('form', { action, children: 'x' })).toEqual({
      type: 'form',
      props: { action, children: 'x' },
    })
    expect(checked(clientReference('/x.tsx#default'), { icon: Icon, n: 1 })).toBeDefined()
    const serverComponent = () => null
    expect(checked(serverComponent, { render: () => null })).toBeDefined()
  })
})

describe('class instances passed to the browser', () => {
  class Note {
    constructor(readonly title: string) {}
  }

  test('an instance as a client component’s prop: the file, the line, the prop, the class and the fix', () => {
    const Card = clientReference('/src/routes/_components/card.tsx#Card')
    const message = serverComponentValuePropMessage('note', 'Note', '<Card>', `${FILE}:7`, true)
    expect(() => checked(Card, { note: new Note('a') }, undefined, false, source)).toThrow(message)
    expect(message).toMatch(
      /^src\/routes\/counter\/page\.tsx:7 passes an instance of Note as the prop note of the client component <Card>/,
    )
    expect(message).toContain('Pass plain data instead')
  })

  test('one inside a plain object or an array is named by its path', () => {
    const Card = clientReference('/src/card.tsx#Card')
    expect(() => checked(Card, { data: { notes: [new Note('a')] } })).toThrow(
      serverComponentValuePropMessage('data.notes[0]', 'Note', '<Card>', FILE, true),
    )
  })

  test('plain data and what React sends of the built-ins pass', () => {
    const Card = clientReference('/src/card.tsx#Card')
    const props = {
      note: { title: 'a', tags: ['x'], at: new Date(0) },
      bare: Object.create(null),
      map: new Map([[1, 2]]),
      set: new Set([1]),
      bytes: new Uint8Array(2),
      later: Promise.resolve(1),
      url: new URL('https://example.com/'),
      icon: { $$typeof: Symbol.for('react.transitional.element') },
    }
    expect(checked(Card, props)).toEqual({ type: Card, props })
  })
})

describe('the transform', () => {
  const CHECKER = '/framework/server/checked-elements.ts'

  test('wraps the factories a server component imports, on the same lines', () => {
    const code = [
      'import { jsxDEV as _jsxDEV, Fragment as _Fragment } from "react/jsx-dev-runtime";',
      'export default function P() { return _jsxDEV("p", {}) }',
    ].join('\n')
    const transformed = checkServerComponentProps(code, FILE, CHECKER) ?? ''
    const lines = transformed.split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toContain('import { Fragment as _Fragment } from "react/jsx-dev-runtime";')
    expect(lines[0]).toContain(`from ${JSON.stringify(CHECKER)}`)
    expect(lines[0]).toContain(
      `const _jsxDEV = __framework_checked(__framework_jsxDEV, ${JSON.stringify(FILE)});`,
    )
    expect(lines[1]).toBe(code.split('\n')[1])
  })

  test('leaves client components and modules without JSX as they are', () => {
    const jsx = 'import { jsxDEV } from "react/jsx-dev-runtime";'
    expect(checkServerComponentProps(`'use client';\n${jsx}`, FILE, CHECKER)).toBeUndefined()
    expect(checkServerComponentProps('export const x = 1', FILE, CHECKER)).toBeUndefined()
  })
})
