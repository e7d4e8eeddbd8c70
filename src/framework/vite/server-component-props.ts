// Development only: in the rsc environment, the element factories a server component imports
// from `react/jsx-runtime` or `react/jsx-dev-runtime` are wrapped by server/checked-elements.ts,
// which throws where a function is passed to the browser (an `onClick`, a client component's
// prop), naming the file, the line and the fix. Production keeps React's own factories.
import { type Plugin, parseAst } from 'vite'
import { fileOfId, frameworkFile, posixRelative } from './paths.ts'
import { isClientModule, rebindImports } from './rebind-imports.ts'

const JSX_RUNTIMES = new Set(['react/jsx-runtime', 'react/jsx-dev-runtime'])
const FACTORIES = new Set(['jsx', 'jsxs', 'jsxDEV'])

/**
 * `code` (JavaScript, a module of the rsc environment) with its element factories wrapped by
 * `checkedElementFactory` of `checker` (a module path), or undefined when it imports none or
 * is a client component. `file` names the module in the messages.
 */
export function checkServerComponentProps(
  code: string,
  file: string,
  checker: string,
): string | undefined {
  const program = parseAst(code)
  if (isClientModule(program)) return undefined
  return rebindImports(
    code,
    program,
    (source) => JSX_RUNTIMES.has(source),
    (name) => FACTORIES.has(name),
    (factories, source) => {
      const imports = factories.map(({ imported }) => `${imported} as __framework_${imported}`)
      return [
        `import { ${imports.join(', ')} } from ${source};`,
        `import { checkedElementFactory as __framework_checked } from ${JSON.stringify(checker)};`,
        ...factories.map(
          ({ imported, local }) =>
            `const ${local} = __framework_checked(__framework_${imported}, ${JSON.stringify(file)});`,
        ),
      ].join(' ')
    },
  )
}

export function serverComponentProps(): Plugin {
  let root = ''
  const checker = frameworkFile('server/checked-elements.ts')
  return {
    name: 'framework:server-component-props',
    apply: 'serve',
    applyToEnvironment: (environment) => environment.name === 'rsc',
    configResolved(config) {
      root = config.root
    },
    transform: {
      filter: { id: /\.[cm]?[jt]sx?(\?.*)?$/, code: /react\/jsx-(dev-)?runtime/ },
      handler(code, id) {
        const file = fileOfId(id)
        if (file.includes('/node_modules/') || id.startsWith('\0')) return
        const transformed = checkServerComponentProps(code, posixRelative(root, file), checker)
        return transformed === undefined ? undefined : { code: transformed, map: null }
      },
    },
  }
}
