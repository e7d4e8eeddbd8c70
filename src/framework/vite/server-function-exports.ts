// Each export of a `'use server'` module must be an async function (a server function).
// @vitejs/plugin-rsc refuses anything else with `unsupported non async function`, which names
// neither the export nor the fix; this plugin, run before it, refuses the same exports with a
// message that does (wire/errors.ts). It checks what plugin-rsc checks, no more.
import { type Plugin, parseAst } from 'vite'
import { serverFunctionExportMessage } from '../wire/errors.ts'
import { fileOfId, posixRelative } from './paths.ts'
import type { Program } from './rebind-imports.ts'

type Statement = Program['body'][number]
type Exported = Extract<Statement, { type: 'ExportNamedDeclaration' }>['declaration']
type ExportedDefault = Extract<Statement, { type: 'ExportDefaultDeclaration' }>['declaration']
type Node = NonNullable<Exported> | ExportedDefault | { type: string; async?: boolean }

/** What an exported value is when it cannot be a server function, or undefined when it can. */
function refused(node: Node | null | undefined): string | undefined {
  if (node === null || node === undefined) return 'declared without a value'
  switch (node.type) {
    case 'FunctionDeclaration':
    case 'FunctionExpression':
    case 'ArrowFunctionExpression':
      return 'async' in node && node.async ? undefined : 'a function that is not async'
    case 'ClassDeclaration':
    case 'ClassExpression':
      return 'a class'
    case 'Literal':
    case 'ObjectExpression':
    case 'ArrayExpression':
      return 'a value, not a function'
    default:
      return undefined // computed: plugin-rsc lets it through, and so does this check
  }
}

/** The first export of a `'use server'` module that cannot be a server function, and why. */
export function refusedServerExport(code: string): { name: string; what: string } | undefined {
  const program = parseAst(code)
  const useServer = program.body.some(
    (s) => s.type === 'ExpressionStatement' && 'directive' in s && s.directive === 'use server',
  )
  if (!useServer) return undefined
  for (const statement of program.body) {
    if (statement.type === 'ExportDefaultDeclaration') {
      const what = refused(statement.declaration)
      if (what !== undefined) return { name: 'default', what }
    }
    if (statement.type !== 'ExportNamedDeclaration' || !statement.declaration) continue
    const { declaration } = statement
    if (declaration.type === 'VariableDeclaration') {
      for (const declarator of declaration.declarations) {
        const what = refused(declarator.init)
        if (what !== undefined && declarator.id.type === 'Identifier') {
          return { name: declarator.id.name, what }
        }
      }
    } else if ('id' in declaration && declaration.id?.type === 'Identifier') {
      const what = refused(declaration)
      if (what !== undefined) return { name: declaration.id.name, what }
    }
  }
  return undefined
}

export function serverFunctionExports(): Plugin {
  let root = ''
  return {
    name: 'framework:server-function-exports',
    configResolved(config) {
      root = config.root
    },
    transform: {
      filter: { id: /\.[cm]?[jt]sx?(\?.*)?$/, code: 'use server' },
      handler(code, id) {
        const file = fileOfId(id)
        if (file.includes('/node_modules/') || id.startsWith('\0')) return
        const found = refusedServerExport(code)
        if (found)
          this.error(serverFunctionExportMessage(posixRelative(root, file), found.name, found.what))
      },
    },
  }
}
