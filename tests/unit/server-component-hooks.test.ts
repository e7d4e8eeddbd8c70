// A client hook imported by a server component becomes a function that throws what to do
// (vite/server-component-hooks.ts, docs/errors.md "Server component mistakes").
import { describe, expect, test } from 'vitest'
import { stubClientHooks } from '../../src/framework/vite/server-component-hooks.ts'
import { serverComponentHookMessage } from '../../src/framework/wire/errors.ts'

const FILE = 'src/routes/counter/page.tsx'

/** Runs the module's code with `react` given, and returns what it exports. */
function load(code: string, react: Record<string, unknown>): Record<string, unknown> {
  const body = code
    .replace(/import (.*?) from 'react';?/g, (_, clause: string) => {
      const named = /\{(.*)\}/.exec(clause)?.[1]
      const defaulted = clause.replace(/,?\s*\{.*\}/, '').trim()
      return [
        named ? `const {${named.replace(/ as /g, ': ')}} = react;` : '',
        defaulted ? `const ${defaulted} = react;` : '',
      ].join(' ')
    })
    .replace(/export function (\w+)/g, 'exports.$1 = function $1')
  const exports: Record<string, unknown> = {}
  new Function('react', 'exports', body)(react, exports)
  return exports
}

describe('client hooks in a server component', () => {
  test('calling one throws the message naming the hook, the file and the fix', () => {
    const code = [
      "import { useState, useMemo } from 'react';",
      'export function Counter() { const [n] = useState(0); return useMemo(() => n, [n]) }',
    ].join('\n')
    const stubbed = stubClientHooks(code, FILE)
    expect(stubbed).toBeDefined()
    const exports = load(stubbed ?? '', { useMemo: (f: () => unknown) => f() })
    expect(() => (exports.Counter as () => unknown)()).toThrow(
      serverComponentHookMessage('useState', FILE),
    )
    expect(serverComponentHookMessage('useState', FILE)).toContain(
      `Add 'use client' at the top of ${FILE}`,
    )
  })

  test('the local name of a renamed import, beside a default import', () => {
    const code = [
      "import React, { useEffect as effect } from 'react';",
      'export function Run() { effect(() => {}); return React.version }',
    ].join('\n')
    const exports = load(stubClientHooks(code, FILE) ?? '', { version: '19' })
    expect(() => (exports.Run as () => unknown)()).toThrow(/^useEffect is a client hook/)
  })

  test.each([
    ['a namespace import', "import * as React from 'react';"],
    ['a default import', "import React from 'react';"],
    ['a default import beside named ones', "import React, { useMemo } from 'react';"],
  ])('a hook called through %s (React.useState) gets the same message', (_, line) => {
    const code = [
      line,
      'export function Counter() { const [n] = React.useState(0); return n }',
      'export function Version() { return React.version + React.useId() }',
    ].join('\n')
    const stubbed = stubClientHooks(code, FILE) ?? ''
    expect(stubbed.split('\n')).toHaveLength(code.split('\n').length)
    const react = { version: '19', useId: () => ':r0:', useMemo: () => 1 }
    // Whichever way the module imports React, it is the module's `react` here.
    const exports = load(
      stubbed.replace(/import \* as (\w+) from 'react';/, 'const $1 = react;'),
      react,
    )
    expect(() => (exports.Counter as () => unknown)()).toThrow(
      serverComponentHookMessage('useState', FILE),
    )
    // React's other exports, the server hooks among them, are React's.
    expect((exports.Version as () => unknown)()).toBe('19:r0:')
  })

  test('a namespace import through which no client hook is called stays as it is', () => {
    const code =
      "import * as React from 'react';\nexport const f = () => React.useMemo(() => 1, [])"
    expect(stubClientHooks(code, FILE)).toBeUndefined()
  })

  test('importing without calling works: nothing throws until a hook is called', () => {
    const code = "import { useRef } from 'react';\nexport function f() { return 1 }"
    const exports = load(stubClientHooks(code, FILE) ?? '', {})
    expect((exports.f as () => number)()).toBe(1)
  })

  test('the lines below the import keep their numbers', () => {
    const code = "import {\n  useState,\n  useReducer,\n} from 'react'\nexport const x = 1"
    const stubbed = stubClientHooks(code, FILE) ?? ''
    expect(stubbed.split('\n')).toHaveLength(code.split('\n').length)
    expect(stubbed.split('\n').at(-1)).toBe('export const x = 1')
  })

  test('a client component, a module without client hooks, and the server hooks stay as they are', () => {
    expect(stubClientHooks("'use client'\nimport { useState } from 'react'", FILE)).toBeUndefined()
    expect(
      stubClientHooks("import { use, useId, useMemo, useCallback } from 'react'", FILE),
    ).toBeUndefined()
    expect(stubClientHooks("import { useState } from './my-state.ts'", FILE)).toBeUndefined()
  })
})
