// WORKERS as `npm start` reads it (node/cluster.ts, docs/deploying.md).
import { availableParallelism } from 'node:os'
import { describe, expect, it } from 'vitest'
import { workerCount } from '../../src/framework/node/cluster.ts'

describe('workerCount(WORKERS)', () => {
  it.each([undefined, '', ' ', '1'])('%o is one process, no cluster', (value) => {
    expect(workerCount(value)).toBe(1)
  })

  it('a whole number is that many workers', () => {
    expect(workerCount('4')).toBe(4)
    expect(workerCount(' 2 ')).toBe(2)
  })

  it('auto is one per CPU this process may use', () => {
    expect(workerCount('auto')).toBe(availableParallelism())
  })

  it.each(['0', '-1', '1.5', 'two', '2x'])('%o is refused, saying what is allowed', (value) => {
    expect(() => workerCount(value)).toThrow(
      `WORKERS must be a whole number from 1 up, or auto (it is "${value}").`,
    )
  })
})
