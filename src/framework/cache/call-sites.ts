// Build time: each cached() call of the app's code is given where it is (its module's path from
// the Vite root, and its line and column) as a third argument, so that two cached() functions in
// different modules never share entries however alike their code is (key.ts). The framework's
// Vite plugin runs this on every module that imports from `#framework`.
import { parseAst } from 'vite'

const FRAMEWORK = '#framework'

interface Node {
  type: string
  start: number
  end: number
  [field: string]: unknown
}

const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'

function* walk(node: Node): Generator<Node> {
  yield node
  for (const value of Object.values(node)) {
    if (Array.isArray(value)) {
      for (const item of value) if (isNode(item)) yield* walk(item)
    } else if (isNode(value)) yield* walk(value)
  }
}

const nameOf = (node: unknown) =>
  isNode(node) && node.type === 'Identifier' ? (node.name as string) : undefined

/** How `cached` is called in this module: its local names, and namespaces holding it. */
function cachedBindings(program: Node): { names: Set<string>; namespaces: Set<string> } {
  const names = new Set<string>()
  const namespaces = new Set<string>()
  for (const statement of program.body as Node[]) {
    if (statement.type !== 'ImportDeclaration') continue
    if ((statement.source as Node).value !== FRAMEWORK) continue
    for (const specifier of statement.specifiers as Node[]) {
      if (specifier.type === 'ImportNamespaceSpecifier') namespaces.add(nameOf(specifier.local)!)
      if (specifier.type === 'ImportSpecifier') {
        const imported = specifier.imported as Node
        if ((nameOf(imported) ?? imported.value) === 'cached') names.add(nameOf(specifier.local)!)
      }
    }
  }
  return { names, namespaces }
}

/** The 1-based line and 0-based column of `offset` in `code`. */
function lineAndColumn(code: string, offset: number): string {
  const before = code.slice(0, offset)
  const line = before.split('\n').length
  return `${line}:${offset - before.lastIndexOf('\n') - 1}`
}

/**
 * `code` with each `cached(fn)` / `cached(fn, options)` imported from `#framework` given its
 * site, `<module>:<line>:<column>`, as a third argument; undefined when nothing changed. Calls
 * with spread or extra arguments are left as they are.
 */
export function addCachedCallSites(code: string, module: string): string | undefined {
  if (!code.includes(FRAMEWORK) || !code.includes('cached')) return undefined
  const program = parseAst(code) as unknown as Node
  const { names, namespaces } = cachedBindings(program)
  if (names.size === 0 && namespaces.size === 0) return undefined
  const insertions: { at: number; text: string }[] = []
  for (const node of walk(program)) {
    if (node.type !== 'CallExpression') continue
    const callee = node.callee as Node
    const direct = names.has(nameOf(callee) ?? '')
    const viaNamespace =
      callee.type === 'MemberExpression' &&
      !callee.computed &&
      namespaces.has(nameOf(callee.object) ?? '') &&
      nameOf(callee.property) === 'cached'
    if (!direct && !viaNamespace) continue
    const args = node.arguments as Node[]
    if (args.length === 0 || args.length > 2 || args.some((arg) => arg.type === 'SpreadElement'))
      continue
    const site = JSON.stringify(`${module}:${lineAndColumn(code, node.start)}`)
    const text = args.length === 1 ? `, undefined, ${site}` : `, ${site}`
    insertions.push({ at: args[args.length - 1]!.end, text })
  }
  if (insertions.length === 0) return undefined
  let result = code
  for (const { at, text } of insertions.sort((a, b) => b.at - a.at)) {
    result = result.slice(0, at) + text + result.slice(at)
  }
  return result
}
