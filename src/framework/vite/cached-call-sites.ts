// Gives every cached() call of the app its site (module and position) for its cache keys
// (cache/call-sites.ts), so that alike functions of different modules never share entries.
import type { Plugin } from 'vite'
import { addCachedCallSites } from '../cache/call-sites.ts'
import { fileOfId, posixRelative } from './paths.ts'

export function cachedCallSites(): Plugin {
  let root = ''
  return {
    name: 'framework:cached-call-sites',
    configResolved(config) {
      root = config.root
    },
    transform: {
      filter: { id: /\.[cm]?[jt]sx?(\?.*)?$/, code: '#framework' },
      handler(code, id) {
        const file = fileOfId(id)
        if (file.includes('/node_modules/')) return
        const transformed = addCachedCallSites(code, posixRelative(root, file))
        // Only inserted within lines: the positions that matter stay where they were.
        return transformed === undefined ? undefined : { code: transformed, map: null }
      },
    },
  }
}
