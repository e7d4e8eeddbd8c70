// A client hook (`useState`, `useEffect`, …) imported by a server component: in the rsc
// environment each such import becomes a function that throws a message naming the hook, the
// file and the fix (wire/errors.ts), in place of React's `useState is not a function`. Only a
// call throws, and a call would have failed anyway: a module that imports a hook without calling
// it on the server (one shared with client components) works as before.
import { type Plugin, parseAst } from 'vite'
import { serverComponentHookMessage } from '../wire/errors.ts'
import { fileOfId, posixRelative } from './paths.ts'
import { isClientModule, rebindImports } from './rebind-imports.ts'

/** What React's server build has of its hooks: everything else named `use…` is client-only. */
const SERVER_HOOKS = new Set(['use', 'useCallback', 'useDebugValue', 'useId', 'useMemo'])

const isClientHook = (name: string) => /^use[A-Z]/.test(name) && !SERVER_HOOKS.has(name)

/** The client hooks `code` calls through `local` (`React.useState(…)`), by name. */
function hooksThrough(code: string, local: string): string[] {
  const member = new RegExp(
    `(?<![\\w$.])${local.replace(/\$/g, '\\$')}\\s*\\.\\s*(use[A-Z]\\w*)`,
    'g',
  )
  return [...new Set([...code.matchAll(member)].map((m) => m[1]!))].filter(isClientHook)
}

/**
 * `code` (JavaScript, a module of the rsc environment) with its client hooks imported from
 * `react` replaced by throwing functions, or undefined when there is nothing to replace (no such
 * import, or the module is a client component). A default or namespace import (`React`) through
 * which the module calls client hooks becomes React with those hooks replaced. `file` names the
 * module in the message.
 */
export function stubClientHooks(code: string, file: string): string | undefined {
  const program = parseAst(code)
  if (isClientModule(program)) return undefined
  const thrower = (hook: string) =>
    `() => { throw new Error(${JSON.stringify(serverComponentHookMessage(hook, file))}) }`
  return rebindImports(
    code,
    program,
    (source) => source === 'react',
    (imported, local) =>
      imported === 'default' || imported === '*'
        ? hooksThrough(code, local).length > 0
        : isClientHook(imported),
    (rebindings, source) =>
      rebindings
        .map(({ imported, local }) => {
          if (imported !== 'default' && imported !== '*') {
            return `const ${local} = ${thrower(imported)};`
          }
          const whole = `__framework_react_${local}`
          const clause = imported === '*' ? `* as ${whole}` : whole
          const hooks = hooksThrough(code, local).map((hook) => `${hook}: ${thrower(hook)}`)
          return `import ${clause} from ${source}; const ${local} = { ...${whole}, ${hooks.join(', ')} };`
        })
        .join(' '),
  )
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
