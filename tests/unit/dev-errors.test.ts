// Server errors in development (docs/errors.md, "In development"): what Vite's overlay is given
// (the message without the terminal's colours, the stack, where the error points, the code
// frame), the code frame read from the app's source, the overlay's script, and the plain-text
// 500 (with its reason phrase; the message and the stack only in development).
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  appLocationOf,
  overlayScript,
  withCodeFrame,
} from '../../src/framework/server/dev-errors.ts'
import { codeFrame, devErrorPayload, frameOf } from '../../src/framework/wire/dev-server.ts'
import { internalServerErrorResponse } from '../../src/framework/wire/errors.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

const SOURCE = ['one', 'two', 'three', 'four', 'five', 'six'].join('\n')

describe('codeFrame', () => {
  it('shows the lines around the error, marks its line and puts a caret under its column', () => {
    expect(codeFrame(SOURCE, 3, 2)).toBe(
      ['  1 | one', '  2 | two', '> 3 | three', '    |  ^', '  4 | four', '  5 | five'].join('\n'),
    )
  })

  it('stops at the start and the end of the file, and aligns two-digit line numbers', () => {
    const long = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n')
    expect(codeFrame(long, 1, 1).split('\n').slice(0, 2)).toEqual(['> 1 | line 1', '    | ^'])
    expect(codeFrame(long, 10, 3).split('\n')).toEqual([
      '   8 | line 8',
      '   9 | line 9',
      '> 10 | line 10',
      '     |   ^',
      '  11 | line 11',
      '  12 | line 12',
    ])
  })

  it('is a frame Vite’s overlay recognises (its code frame pattern)', () => {
    const viteCodeFrame = /^(?:>?\s*\d+\s+\|.*|\s+\|\s*\^.*)\r?\n/gm
    expect(viteCodeFrame.test(`${codeFrame(SOURCE, 2, 1)}\n`)).toBe(true)
  })
})

describe('devErrorPayload', () => {
  it('gives the message without terminal colours, and the stack without the message', () => {
    const error = new Error('\u001b[31m[PARSE_ERROR]\u001b[0m Unexpected token')
    const payload = devErrorPayload(error)
    expect(payload.message).toBe('[PARSE_ERROR] Unexpected token')
    expect(payload.stack).toMatch(/^\s+at /)
    expect(payload.stack).not.toContain('PARSE_ERROR')
  })

  it('reads where a compiler error points from its first entry, and its plugin and file', () => {
    const loc = { file: '/app/src/routes/page.tsx', line: 2, column: 12 }
    const error = Object.assign(new Error('Transform failed'), {
      plugin: 'vite:oxc',
      id: loc.file,
      errors: [{ loc }],
    })
    expect(devErrorPayload(error)).toMatchObject({ plugin: 'vite:oxc', id: loc.file, loc })
  })

  it('reads where a syntax error points from its message when the error carries no loc', () => {
    const error = Object.assign(
      new Error(
        'Transform failed with 1 error:\n\n[PARSE_ERROR] Unexpected token\n   ╭─[ src/routes/page.tsx:2:13 ]\n',
      ),
      { id: '/app/src/routes/page.tsx' },
    )
    expect(devErrorPayload(error).loc).toEqual({
      file: '/app/src/routes/page.tsx',
      line: 2,
      column: 13,
    })
  })

  it('takes anything thrown, not only errors', () => {
    expect(devErrorPayload('a string thrown')).toMatchObject({ message: 'a string thrown' })
  })
})

describe('appLocationOf', () => {
  it('is the first frame in the app’s files: not node_modules, not the framework', () => {
    const stack = [
      'Error: boom',
      '    at f (/app/node_modules/react/index.js:1:2)',
      `    at g (${join(process.cwd(), 'src/framework/server/core.ts')}:3:4)`,
      '    at Page (/app/src/routes/(lab)/lab/page.tsx:9:21)',
      '    at async file:///app/src/other.ts:5:6',
    ].join('\n')
    expect(appLocationOf(stack)).toEqual({
      file: '/app/src/routes/(lab)/lab/page.tsx',
      line: 9,
      column: 21,
    })
  })

  it('reads a frame without a function name, and a file URL', () => {
    expect(appLocationOf('Error\n    at file:///app/src/x.ts:1:2')).toEqual({
      file: '/app/src/x.ts',
      line: 1,
      column: 2,
    })
  })
})

describe('withCodeFrame', () => {
  it('gives an error the frame of where the app threw it, which the log line shows', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'dev-errors-')), 'page.tsx')
    writeFileSync(file, SOURCE)
    const error = new Error('boom')
    error.stack = `Error: boom\n    at Page (${file}:4:2)`
    withCodeFrame(error)
    expect(frameOf(error)).toBe(codeFrame(SOURCE, 4, 2))
    expect(Object.keys(error)).toEqual([]) // nothing React would serialise
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    internalServerErrorResponse(error)
    expect(log.mock.calls[0]?.[0]).toContain(`${error.stack}\n${codeFrame(SOURCE, 4, 2)}`)
  })

  it('leaves a compiler’s error alone: its message has the frame', () => {
    const error = Object.assign(new Error('Transform failed'), { plugin: 'vite:oxc' })
    error.stack = `Error: Transform failed\n    at x (${__filename}:1:1)`
    withCodeFrame(error)
    expect(frameOf(error)).toBeUndefined()
  })
})

describe('overlayScript', () => {
  it('opens Vite’s overlay, reloads at the next change, and cannot be closed by the message', () => {
    const script = overlayScript({ message: '</script><script>alert(1)</script>', stack: '' })
    expect(script).toContain('import { ErrorOverlay, createHotContext } from "/@vite/client"')
    expect(script).toContain('location.reload()')
    expect(script.match(/<\/script>/g)).toHaveLength(1)
    expect(script).toContain('\\u003c/script>')
  })
})

describe('internalServerErrorResponse', () => {
  it('answers 500 with its reason phrase and the digest only', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = internalServerErrorResponse(new Error('secret detail'))
    expect(response.status).toBe(500)
    expect(response.statusText).toBe('Internal Server Error')
    expect(await response.text()).toMatch(/^Internal Server Error \(digest \d+\)\n$/)
  })

  it('in development, adds the message and the stack', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = new Error('secret detail')
    const body = await internalServerErrorResponse(error, true).text()
    expect(body).toMatch(/^Internal Server Error \(digest \d+\)\n\nsecret detail\n\s+at /)
  })
})
