import { cache } from 'react'

/** Data a page reads with use(): a promise, made once per request and name. */
export const greetingFor = cache(
  (name: string, delayMs = 0): Promise<string> =>
    new Promise((resolve) => setTimeout(() => resolve(`Hello, ${name}, from a promise`), delayMs)),
)
