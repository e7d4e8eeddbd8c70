// A client hook (`useState`, `useEffect`, …) imported by a server component: in the rsc
// environment each such import becomes a function that throws a message naming the hook, the
// file and the fix (wire/errors.ts), in place of React's `useState is not a function`. Only a
// call throws, and a call would have failed anyway: a module that imports a hook without calling
// it on the server (one shared with client components) works as before.
import { type Plugin, parseAst } from 'vite'
import { serverComponentHookMessage } from '../wire/errors.ts'
import { fileOfId, posixRelative } from './paths.ts'

/** What React's server build has of its hooks: everything else named `use…` is client-only. */
const SERVER_HOOKS = new Set(['use', 'useCallback', 'useDebugValue', 'useId', 'useMemo'])

const isClientHook = (name: string) => /^use[A-Z]/.test(name) && !SERVER_HOOKS.has(name)

type Program = ReturnType<typeof parseAst>
type Statement = Program['body'][number]
type ImportDeclaration = Extract<Statement, { type: 'ImportDeclaration' }>
type Specifier = ImportDeclaration['specifiers'][number]

const importedName = (specifier: Specifier): string | undefined => {
  if (specifier.type !== 'ImportSpecifier') return undefined
  const { imported } = specifier
  return imported.type === 'Identifier' ? imported.name : String(imported.value)
}

/** The import without the hooks, and a throwing function bound to each hook's local name. */
function replacement(code: string, declaration: ImportDeclaration, file: string): string {
  const hooks = declaration.specifiers.filter((s) => isClientHook(importedName(s) ?? ''))
  const kept = declaration.specifiers.filter((s) => !hooks.includes(s))
  const named = kept.filter((s) => s.type === 'ImportSpecifier')
  const others = kept.filter((s) => s.type !== 'ImportSpecifier')
  const clauses = others.map((s) => code.slice(s.start, s.end))
  if (named.length > 0)
    clauses.push(`{ ${named.map((s) => code.slice(s.start, s.end)).join(', ')} }`)
  const source = code.slice(declaration.source.start, declaration.source.end)
  const stubs = hooks.map((s) => {
    const message = JSON.stringify(serverComponentHookMessage(importedName(s) ?? '', file))
    return `const ${s.local.name} = () => { throw new Error(${message}) };`
  })
  const declarationLeft = clauses.length > 0 ? `import ${clauses.join(', ')} from ${source};` : ''
  // As many lines as the import had: the lines below keep their numbers in stack traces.
  const newlines = code.slice(declaration.start, declaration.end).split('\n').length - 1
  return declarationLeft + stubs.join(' ') + '\n'.repeat(newlines)
}

/**
 * `code` (JavaScript, a module of the rsc environment) with its client hooks imported from
 * `react` replaced by throwing functions, or undefined when there is nothing to replace (no such
 * import, or the module is a client component). `file` names the module in the message.
 */
export function stubClientHooks(code: string, file: string): string | undefined {
  const program = parseAst(code)
  const isClientModule = program.body.some(
    (s) => s.type === 'ExpressionStatement' && 'directive' in s && s.directive === 'use client',
  )
  if (isClientModule) return undefined
  const declarations = program.body.filter(
    (s): s is ImportDeclaration =>
      s.type === 'ImportDeclaration' &&
      s.source.value === 'react' &&
      s.specifiers.some((specifier) => isClientHook(importedName(specifier) ?? '')),
  )
  if (declarations.length === 0) return undefined
  let result = ''
  let at = 0
  for (const declaration of declarations) {
    result += code.slice(at, declaration.start) + replacement(code, declaration, file)
    at = declaration.end
  }
  return result + code.slice(at)
}

export function serverComponentHooks(): Plugin {
  let root = ''
  return {
    name: 'framework:server-component-hooks',
    applyToEnvironment: (environment) => environment.name === 'rsc',
    configResolved(config) {
      root = config.root
    },
    transform: {
      filter: { id: /\.[cm]?[jt]sx?(\?.*)?$/, code: /\buse[A-Z]/ },
      handler(code, id) {
        const file = fileOfId(id)
        if (file.includes('/node_modules/') || id.startsWith('\0')) return
        const transformed = stubClientHooks(code, posixRelative(root, file))
        return transformed === undefined ? undefined : { code: transformed, map: null }
      },
    },
  }
}
