// A route handler for the tests of docs/routing.md's route handler rules: the interrupts of the
// lab (`/lab/handler/redirect` and the like), and handlers broken in every way a handler can be
// (returning no Response, rejecting, throwing what is not an Error). None may stop the server.
import { INTERRUPT_KINDS, throwInterrupt } from '../../_interrupt.tsx'

/** What a broken handler hands the framework instead of a Response, by kind. */
const BROKEN: Record<string, () => unknown> = {
  undefined: () => undefined,
  null: () => null,
  string: () => 'just a string',
  object: () => ({ status: 200, body: 'a plain object, not a Response' }),
  rejected: () => Promise.reject(new Error('The lab route handler rejected.')),
  'thrown-string': () => {
    throw 'a string thrown by the lab route handler'
  },
}

// Its return type is loose on purpose: the framework must cope with what JavaScript allows.
async function answer(
  request: Request,
  { params }: RouteContext<'/lab/handler/[kind]'>,
): Promise<unknown> {
  const { kind } = await params
  if (INTERRUPT_KINDS.includes(kind)) throwInterrupt(kind)
  const broken = BROKEN[kind]
  if (broken) return broken()
  return new Response(`${request.method} ${kind}: a Response, as it should be.\n`)
}

export const GET = answer
export const POST = answer
