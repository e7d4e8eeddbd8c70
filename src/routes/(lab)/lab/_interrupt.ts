import { forbidden, notFound, permanentRedirect, redirect, unauthorized } from '#framework'

/** Throws the interrupt a lab page or server function names by `kind`. */
export function throwInterrupt(kind: string): never {
  switch (kind) {
    case 'unauthorized':
      return unauthorized()
    case 'forbidden':
      return forbidden()
    case 'redirect':
      return redirect('/about')
    case 'permanent-redirect':
      return permanentRedirect('/about')
    case 'external':
      return redirect('https://external.example/landing')
    case 'self':
      return redirect('/lab/interrupt/self')
    default:
      return notFound()
  }
}
