// The built rsc entry (dist/rsc/index.js) loaded into the test process, as an embedder's server
// loads it (docs/embedding.md), and node:http servers on a free port that mount what it makes.
import { createServer, type RequestListener } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, vi } from 'vitest'
import type { Origin } from './hooks.ts'
import { assertBuilt, HANDLER_ENTRY } from './paths.ts'
import { createDataDir, removeDataDir } from './servers.ts'

/** What `createRequestHandler()` returns: a Fetch-standard handler. */
export type FetchHandler = (request: Request) => Promise<Response>

/**
 * The built entry, imported once for the test file. It runs as an embedder runs it: the
 * production builds of React and of the framework, the app's data in a fresh directory (as with
 * the test servers). Afterwards the environment is restored and the data removed. `functions`
 * are the exports the file uses; the import fails unless each is a function.
 */
export function setupBuiltEntry<Entry>(functions: (keyof Entry & string)[]): {
  readonly entry: Entry
} {
  let entry: Entry | undefined
  let dataDir: string | undefined
  beforeAll(async () => {
    assertBuilt()
    vi.stubEnv('NODE_ENV', 'production')
    dataDir = createDataDir()
    vi.stubEnv('DATA_DIR', dataDir)
    const loaded: unknown = await import(/* @vite-ignore */ pathToFileURL(HANDLER_ENTRY).href)
    const exports = (typeof loaded === 'object' && loaded !== null ? loaded : {}) as Record<
      string,
      unknown
    >
    const missing = functions.filter((name) => typeof exports[name] !== 'function')
    if (missing.length > 0) {
      throw new Error(`${HANDLER_ENTRY} does not export ${missing.join(', ')} as functions.`)
    }
    entry = loaded as Entry
  })
  afterAll(() => {
    vi.unstubAllEnvs()
    if (dataDir) removeDataDir(dataDir)
  })
  return {
    get entry() {
      if (!entry) throw new Error('The built entry is not loaded (used outside a test?).')
      return entry
    },
  }
}

export interface ListeningServer {
  /** Origin without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  readonly url: string
  /** Drops open connections and closes the server. */
  close(): Promise<void>
}

/** A node:http server for `listener` on a free port of 127.0.0.1. */
export async function listen(listener: RequestListener): Promise<ListeningServer> {
  const server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      )
    },
  }
}

/**
 * A node:http server for the listener that `create` makes (after the earlier hooks have run),
 * started once for the test file and closed afterwards.
 */
export function setupListeningServer(create: () => RequestListener): Origin {
  let server: ListeningServer | undefined
  beforeAll(async () => {
    server = await listen(create())
  })
  afterAll(async () => {
    await server?.close()
  })
  return {
    get url() {
      if (!server) throw new Error('The server is not listening (used outside a test?).')
      return server.url
    },
  }
}
