import type { Metadata } from '#framework'
import { Echo } from './echo.tsx'
import { HOSTILE_STRINGS } from './hostile.ts'

export const metadata: Metadata = { title: 'Injection' }

export default function InjectPage() {
  return (
    <>
      <h1>Hostile strings</h1>
      <ol data-testid="server-render">
        {HOSTILE_STRINGS.map((value) => (
          <li key={value}>{JSON.stringify(value)}</li>
        ))}
      </ol>
      <Echo values={HOSTILE_STRINGS} />
    </>
  )
}
