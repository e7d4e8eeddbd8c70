// Server errors and digests (docs/errors.md): the digest is a short, stable decimal
// hash of message and stack (kept when the error already has one), each error is logged once
// with it, and interrupts are not logged.
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  digestOf,
  hashDigest,
  missingDefaultExportMessage,
  PRODUCTION_ERROR_MESSAGE,
  reportServerError,
  reportUnloggedError,
} from '../../src/framework/wire/errors.ts'
import { forbidden, notFound, redirect } from '../../src/framework/wire/interrupts.ts'

afterEach(() => {
  vi.restoreAllMocks()
})

function thrownBy(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected the call to throw')
}

describe('hashDigest', () => {
  it('is a decimal string of at most 10 digits (32 bits)', () => {
    for (const text of ['', 'a', 'Error: boom\n    at x (file.js:1:1)', '漢字 🎉'.repeat(100)]) {
      const digest = hashDigest(text)
      expect(digest).toMatch(/^\d{1,10}$/)
      expect(Number(digest)).toBeLessThan(2 ** 32)
    }
  })

  it('is stable: the same text always gives the same digest, in any process', () => {
    expect(hashDigest('boom')).toBe(hashDigest('boom'))
    // FNV-1a (32 bits) test vectors: the value does not depend on the process or the machine.
    expect(hashDigest('')).toBe('2166136261')
    expect(hashDigest('a')).toBe(String(0xe40c292c))
    expect(hashDigest('foobar')).toBe(String(0xbf9cf968))
  })

  it('differs for different texts', () => {
    const texts = ['boom', 'Boom', 'boom ', 'boom\n', 'moob', 'a', 'b', 'ab', 'ba']
    const digests = new Set(texts.map(hashDigest))
    expect(digests.size).toBe(texts.length)
  })
})

describe('digestOf', () => {
  it('hashes the message and the stack of an error', () => {
    const error = new Error('secret detail 42')
    expect(digestOf(error)).toBe(hashDigest(`${error.message}\n${error.stack}`))
    expect(digestOf(error)).toMatch(/^\d+$/)
  })

  it('is the same for the same error every time', () => {
    const error = new Error('boom')
    expect(digestOf(error)).toBe(digestOf(error))
  })

  it('differs for errors with different messages or stacks', () => {
    const a = new Error('boom')
    const b = new Error('bang')
    const c = Object.assign(new Error('boom'), {
      stack: 'Error: boom\n    at elsewhere (x.js:9:9)',
    })
    expect(new Set([digestOf(a), digestOf(b), digestOf(c)]).size).toBe(3)
  })

  it('keeps a digest the error already carries', () => {
    const error = Object.assign(new Error('boom'), { digest: '1234' })
    expect(digestOf(error)).toBe('1234')
    expect(digestOf({ digest: 'FRAMEWORK_HTTP_FALLBACK;404' })).toBe('FRAMEWORK_HTTP_FALLBACK;404')
    expect(digestOf(thrownBy(notFound))).toBe('FRAMEWORK_HTTP_FALLBACK;404')
  })

  it('hashes what was thrown when it is not an error', () => {
    expect(digestOf('a string')).toBe(hashDigest('a string'))
    expect(digestOf(42)).toBe(hashDigest('42'))
    expect(digestOf(null)).toBe(hashDigest('null'))
  })
})

describe('reportServerError', () => {
  function captureConsole() {
    return vi.spyOn(console, 'error').mockImplementation(() => {})
  }

  it('logs `[server error] digest=<digest>` followed by the stack, and returns the digest', () => {
    const log = captureConsole()
    const error = new Error('secret detail 42')
    const digest = reportServerError(error)
    expect(digest).toBe(digestOf(error))
    expect(log).toHaveBeenCalledTimes(1)
    const line = String(log.mock.calls[0]![0])
    expect(line).toBe(`[server error] digest=${digest}\n${error.stack}`)
    expect(line.split('\n')[0]).toBe(`[server error] digest=${digest}`)
    expect(line).toContain('secret detail 42')
  })

  it('logs an error once, however often React reports it', () => {
    const log = captureConsole()
    const error = new Error('reported twice')
    const first = reportServerError(error)
    const second = reportServerError(error)
    expect(second).toBe(first)
    expect(log).toHaveBeenCalledTimes(1)
  })

  it('logs each error object of its own, even with the same message', () => {
    const log = captureConsole()
    reportServerError(new Error('same message'))
    reportServerError(new Error('same message'))
    expect(log).toHaveBeenCalledTimes(2)
  })

  it('logs the digest an error already carries', () => {
    const log = captureConsole()
    const error = Object.assign(new Error('from elsewhere'), { digest: '777' })
    expect(reportServerError(error)).toBe('777')
    expect(String(log.mock.calls[0]![0]).split('\n')[0]).toBe('[server error] digest=777')
  })

  it('logs a thrown value that is not an error', () => {
    const log = captureConsole()
    const digest = reportServerError('a bare string')
    expect(digest).toBe(hashDigest('a bare string'))
    expect(String(log.mock.calls[0]![0])).toBe(`[server error] digest=${digest}\na bare string`)
  })

  it.each([
    ['notFound()', () => notFound()],
    ['forbidden()', () => forbidden()],
    ['redirect()', () => redirect('/about')],
  ])('does not log %s (control flow, not a failure) and returns its digest', (_name, fn) => {
    const log = captureConsole()
    const interrupt = thrownBy(fn) as { digest: string }
    expect(reportServerError(interrupt)).toBe(interrupt.digest)
    expect(log).not.toHaveBeenCalled()
  })
})

describe('reportUnloggedError', () => {
  it('does not log an error that has a digest: it was logged where it was thrown', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const fromPayload = Object.assign(new Error(PRODUCTION_ERROR_MESSAGE), { digest: '99' })
    expect(reportUnloggedError(fromPayload)).toBe('99')
    expect(log).not.toHaveBeenCalled()
  })

  it('logs an error without a digest (a client component failing during SSR)', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    const error = new Error('client component failed on the server')
    const digest = reportUnloggedError(error)
    expect(digest).toBe(digestOf(error))
    expect(log).toHaveBeenCalledTimes(1)
    expect(String(log.mock.calls[0]![0]).split('\n')[0]).toBe(`[server error] digest=${digest}`)
  })
})

describe('PRODUCTION_ERROR_MESSAGE', () => {
  it('points to the digest and says nothing of the error', () => {
    expect(PRODUCTION_ERROR_MESSAGE).toContain('digest')
    expect(PRODUCTION_ERROR_MESSAGE).not.toMatch(/\d/)
  })
})

describe('missingDefaultExportMessage', () => {
  it('names the file, the role and, when the module exports a component, makes it the default', () => {
    expect(missingDefaultExportMessage('notes/page.tsx', ['NotesPage', 'metadata'])).toBe(
      'notes/page.tsx (in the routes folder) has no default export, and a page file must ' +
        'default-export the React component that renders it (it exports only NotesPage, ' +
        'metadata). To fix it, make NotesPage its default export: ' +
        '"export default function NotesPage() { … }".',
    )
  })

  it('suggests a component named for the role when the module exports none', () => {
    const message = missingDefaultExportMessage('(site)/not-found.tsx', [])
    expect(message).toContain('a not-found file must default-export')
    expect(message).toContain('(it exports nothing)')
    expect(message).toContain('add "export default function NotFound() { … }" to it.')
  })
})
