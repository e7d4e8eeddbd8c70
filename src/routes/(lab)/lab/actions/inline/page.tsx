import type { Metadata } from '#framework'
import { GreetForm } from './greet-form.tsx'

export const metadata: Metadata = { title: 'An inline server function' }

/**
 * A static page (the build prerenders it) whose server function is defined inline, closing over
 * a value of the render. A server started from the build serves this page without rendering it,
 * so the function must be callable although its component never ran in that process.
 */
export default function InlineActionPage() {
  const greeting = 'Hello'
  async function greet(name: string): Promise<string> {
    'use server'
    return `${greeting}, ${name}!`
  }
  return (
    <>
      <h1>An inline server function</h1>
      <GreetForm greet={greet} />
    </>
  )
}
