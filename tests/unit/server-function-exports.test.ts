// The exports of a 'use server' module that cannot be server functions, found before
// plugin-rsc refuses them with a message that names none (vite/server-function-exports.ts).
import { describe, expect, test } from 'vitest'
import { refusedServerExport } from '../../src/framework/vite/server-function-exports.ts'
import { serverFunctionExportMessage } from '../../src/framework/wire/errors.ts'

const module = (...lines: string[]) => ["'use server'", ...lines].join('\n')

describe("exports of a 'use server' module", () => {
  test('a value, a class, a function that is not async, and a default export are named', () => {
    const refusals: [string, string, string][] = [
      ['export const LIMIT = 10', 'LIMIT', 'a value, not a function'],
      ['export class Store {}', 'Store', 'a class'],
      ['export function save() {}', 'save', 'a function that is not async'],
      ['export const save = () => {}', 'save', 'a function that is not async'],
      ['export let pending', 'pending', 'declared without a value'],
      ['export default { a: 1 }', 'default', 'a value, not a function'],
    ]
    for (const [line, name, what] of refusals) {
      expect(refusedServerExport(module('export async function ok() {}', line))).toEqual({
        name,
        what,
      })
    }
  })

  test('async functions, and modules without the directive, pass', () => {
    const actions = module(
      'export async function save() {}',
      'export const remove = async () => {}',
      'export default async function () {}',
    )
    expect(refusedServerExport(actions)).toBeUndefined()
    expect(refusedServerExport('export const LIMIT = 10')).toBeUndefined()
  })

  test('the message names the file, the export and the fix', () => {
    expect(serverFunctionExportMessage('src/actions.ts', 'LIMIT', 'a value, not a function')).toBe(
      "src/actions.ts starts with 'use server', so each of its exports is a server function and " +
        'must be an async function, but LIMIT is a value, not a function. Make LIMIT an async ' +
        "function, or move it to a module without 'use server' and import it from there.",
    )
  })
})
