// A Vite plugin for the `core` test project (vitest.config.ts), where the request pipeline runs
// under the react-server condition without @vitejs/plugin-rsc: a module that starts with
// "use client" becomes what the RSC bundler makes of it, one client reference per export. Each
// reference's id is the module's file path, which the HTML renderer (html-worker.mjs) imports.
import type { Plugin } from 'vite'

interface ProgramNode {
  body: Array<{
    type: string
    directive?: string
    declaration?: {
      type: string
      id?: { name: string } | null
      declarations?: Array<{ id: { name?: string } }>
    } | null
    specifiers?: Array<{ exported: { name?: string; value?: string } }>
    source?: unknown
  }>
}

/** The names a module exports, `default` included; `export *` is not supported here. */
function exportNames(program: ProgramNode, id: string): string[] {
  const names: string[] = []
  for (const node of program.body) {
    if (node.type === 'ExportDefaultDeclaration') names.push('default')
    if (node.type === 'ExportAllDeclaration') {
      throw new Error(`${id}: "use client" modules with export * are not supported in these tests`)
    }
    if (node.type !== 'ExportNamedDeclaration') continue
    const declaration = node.declaration
    if (declaration?.id?.name) names.push(declaration.id.name)
    for (const declarator of declaration?.declarations ?? []) {
      if (declarator.id.name) names.push(declarator.id.name)
    }
    for (const specifier of node.specifiers ?? []) {
      const name = specifier.exported.name ?? specifier.exported.value
      if (name) names.push(name)
    }
  }
  return names
}

export function clientReferences(): Plugin {
  return {
    name: 'test:client-references',
    // After TypeScript and JSX are compiled away, so the module parses as JavaScript.
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id.split('?')[0]!)) return
      const program = this.parse(code) as unknown as ProgramNode
      const first = program.body[0]
      if (first?.directive !== 'use client') return
      const file = JSON.stringify(id.split('?')[0])
      const references = exportNames(program, id).map((name) => {
        const binding = name === 'default' ? 'export default' : `export const ${name} =`
        const call = `() => { throw new Error('The client component ' + ${file} + '#${name} was called on the server.') }`
        return `${binding} registerClientReference(${call}, ${file}, ${JSON.stringify(name)})`
      })
      return {
        code: `import { registerClientReference } from 'react-server-dom-webpack/server.node'\n${references.join('\n')}\n`,
        map: null,
      }
    },
  }
}
