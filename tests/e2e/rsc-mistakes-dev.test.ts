// The classic React Server Components mistakes under the dev server (docs/errors.md, "Server
// component mistakes"): the message says what is wrong, names the file and the fix, in the
// terminal and in the browser. The mistakes are written into a copy of the project.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { expect, test } from 'vitest'
import { serverComponentHookMessage } from '../../src/framework/wire/errors.ts'
import { setupDevServerOnCopy } from './support/index.ts'

const { project, dev, chromium } = setupDevServerOnCopy()

const COMPILE_TIMEOUT_MS = 90_000

/** Writes a file of the copy (a path from the project's root). */
function write(file: string, source: string): void {
  const path = join(project.dir, file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, source)
}

test('a server component that calls useState: what to do, in the terminal and in error.tsx', async () => {
  // Under the lab's errors folder, whose error.tsx shows the message.
  const file = 'src/routes/(lab)/lab/errors/hook/page.tsx'
  write(
    file,
    [
      "import { useState } from 'react'",
      '',
      'export default function CounterPage() {',
      '  const [count] = useState(0)',
      '  return <p>{count}</p>',
      '}',
      '',
    ].join('\n'),
  )
  const message = serverComponentHookMessage('useState', file)
  const mark = dev.server.process.output.length
  const page = await chromium.newPage()
  const response = await page.goto('/lab/errors/hook', { timeout: COMPILE_TIMEOUT_MS })
  expect(response?.status()).toBe(500)
  const shown = page.getByTestId('error-message')
  await shown.filter({ hasText: 'client hook' }).waitFor({ timeout: COMPILE_TIMEOUT_MS })
  expect(await shown.textContent()).toBe(message)
  const logged = await dev.server.process.waitForLine(/useState is a client hook/, 10_000, mark)
  expect(logged.input).toContain(message)
}, 180_000)
