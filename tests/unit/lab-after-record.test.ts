// The lab's record of after() callbacks (src/routes/(lab)/lab/after/_ran.ts): anyone may call
// /lab/after/handler with an id of their choice, so the record keeps the last 1000 ids only.
import { expect, it } from 'vitest'
import { afterRan, labAfterTask } from '../../src/routes/(lab)/lab/after/_ran.ts'

it('keeps the last 1000 ids, forgetting the oldest first', async () => {
  for (let i = 0; i < 1005; i++) await labAfterTask(`id-${i}`, 'handler', null)
  expect(afterRan.size).toBe(1000)
  expect(afterRan.has('id-4')).toBe(false)
  expect(afterRan.get('id-5')).toBe('handler')
  expect(afterRan.get('id-1004')).toBe('handler')
})
