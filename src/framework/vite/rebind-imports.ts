// Rewrites some named imports of a module into declarations of the same local names, on the
// same lines: what the rsc environment's checks (vite/server-component-hooks.ts,
// vite/server-component-props.ts) put in place of what a server component imported.
import type { parseAst } from 'vite'

export type Program = ReturnType<typeof parseAst>
type Statement = Program['body'][number]
type ImportDeclaration = Extract<Statement, { type: 'ImportDeclaration' }>
type Specifier = ImportDeclaration['specifiers'][number]

/**
 * An import to replace: its exported name (`default` for a default import, `*` for a namespace
 * import) and its local name.
 */
export interface Rebinding {
  imported: string
  local: string
}

const importedName = (specifier: Specifier): string => {
  if (specifier.type === 'ImportDefaultSpecifier') return 'default'
  if (specifier.type === 'ImportNamespaceSpecifier') return '*'
  const { imported } = specifier
  return imported.type === 'Identifier' ? imported.name : String(imported.value)
}

/** Whether the module starts with `'use client'`. */
export const isClientModule = (program: Program) =>
  program.body.some(
    (s) => s.type === 'ExpressionStatement' && 'directive' in s && s.directive === 'use client',
  )

/** The import without the picked specifiers, and what `declare` makes of those. */
function replacement(
  code: string,
  declaration: ImportDeclaration,
  picked: Specifier[],
  declare: (rebindings: Rebinding[], source: string) => string,
): string {
  const kept = declaration.specifiers.filter((s) => !picked.includes(s))
  const named = kept.filter((s) => s.type === 'ImportSpecifier')
  const clauses = kept
    .filter((s) => s.type !== 'ImportSpecifier')
    .map((s) => code.slice(s.start, s.end))
  if (named.length > 0)
    clauses.push(`{ ${named.map((s) => code.slice(s.start, s.end)).join(', ')} }`)
  const source = code.slice(declaration.source.start, declaration.source.end)
  const rest = clauses.length > 0 ? `import ${clauses.join(', ')} from ${source};` : ''
  const rebindings = picked.map((s) => ({ imported: importedName(s), local: s.local.name }))
  // As many lines as the import had: the lines below keep their numbers in stack traces.
  const newlines = code.slice(declaration.start, declaration.end).split('\n').length - 1
  return rest + declare(rebindings, source) + '\n'.repeat(newlines)
}

/**
 * `code` with the imports of `source` that `pick` accepts (by exported and local name) replaced
 * by what `declare` writes for them (one line; it declares each local name), or undefined when
 * there is none.
 */
export function rebindImports(
  code: string,
  program: Program,
  source: (name: string) => boolean,
  pick: (imported: string, local: string) => boolean,
  declare: (rebindings: Rebinding[], source: string) => string,
): string | undefined {
  let result = ''
  let at = 0
  for (const statement of program.body) {
    if (statement.type !== 'ImportDeclaration' || !source(String(statement.source.value))) continue
    const picked = statement.specifiers.filter((s) => pick(importedName(s), s.local.name))
    if (picked.length === 0) continue
    result += code.slice(at, statement.start) + replacement(code, statement, picked, declare)
    at = statement.end
  }
  return at === 0 ? undefined : result + code.slice(at)
}
