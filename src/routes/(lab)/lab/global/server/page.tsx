import { connection } from '#framework'

/**
 * No error.tsx above this page: the server error reaches the global error screen. It renders per
 * request (connection()): a page that fails while `npm run build` prerenders it fails the build.
 */
export default async function GlobalServerErrorPage(): Promise<never> {
  await connection()
  throw new Error('The lab page failed on the server (secret detail 42).')
}
