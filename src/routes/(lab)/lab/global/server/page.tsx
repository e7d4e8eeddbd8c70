/** No error.tsx above this page: the server error reaches the global error screen. */
export default function GlobalServerErrorPage(): never {
  throw new Error('The lab page failed on the server (secret detail 42).')
}
