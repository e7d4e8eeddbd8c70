import {
  forbidden,
  notFound,
  permanentRedirect,
  type Route,
  redirect,
  unauthorized,
} from '#framework'

/** The interrupts the lab pages and server functions can throw, by name. */
export const INTERRUPT_KINDS = [
  'not-found',
  'unauthorized',
  'forbidden',
  'redirect',
  'permanent-redirect',
  'external',
  'unicode-redirect',
  'backslash-redirect',
  'tab-redirect',
  'script-redirect',
]

/** A redirect target with non-ASCII characters and a space: Location must carry it encoded. */
export const UNICODE_REDIRECT_TARGET = '/lab/echo?q=café 漢字'

/**
 * Paths that URL parsers would read as `//evil.example/` (`\` is `/` to them, a tab is dropped):
 * the redirect must still stay on this site (docs/security.md, "What holds at the edge").
 */
export const BACKSLASH_REDIRECT_TARGET = '/\\evil.example/'
export const TAB_REDIRECT_TARGET = '/\t/evil.example/'

/** A target that would run script if the browser navigated to it: the router refuses it. */
export const SCRIPT_REDIRECT_TARGET = "javascript:void (document.title = 'script ran')"

/** Throws the interrupt a lab page or server function names by `kind`. */
export function throwInterrupt(kind: string): never {
  switch (kind) {
    case 'unauthorized':
      return unauthorized()
    case 'forbidden':
      return forbidden()
    case 'redirect':
      return redirect('/about')
    case 'redirect-notes':
      return redirect('/notes')
    case 'redirect-quoted':
      // A target with `"` and `\`, which JSON escapes in the payload.
      return redirect('/about?from="lab"\\x')
    case 'permanent-redirect':
      return permanentRedirect('/about')
    case 'external':
      return redirect('https://external.example/landing')
    case 'unicode-redirect':
      return redirect(UNICODE_REDIRECT_TARGET)
    case 'backslash-redirect':
      return redirect(BACKSLASH_REDIRECT_TARGET as Route)
    case 'tab-redirect':
      return redirect(TAB_REDIRECT_TARGET as Route)
    case 'script-redirect':
      return redirect(SCRIPT_REDIRECT_TARGET)
    case 'self':
      return redirect('/lab/interrupt/self')
    default:
      return notFound()
  }
}

const LATE_DELAY_MS = 200

/** A part of a page that throws `kind` while rendering. */
export function Interrupt({ kind }: { kind: string }): never {
  throwInterrupt(kind)
}

/** The same, a moment later: inside Suspense, after the shell has been sent. */
export async function LateInterrupt({ kind }: { kind: string }): Promise<never> {
  await new Promise((resolve) => setTimeout(resolve, LATE_DELAY_MS))
  throwInterrupt(kind)
}
