'use client'

/** Receives the strings through the RSC payload and shows them as the browser got them. */
export function Echo({ values }: { values: string[] }) {
  return (
    <ol data-testid="client-echo">
      {values.map((value) => (
        <li key={value}>{JSON.stringify(value)}</li>
      ))}
    </ol>
  )
}
