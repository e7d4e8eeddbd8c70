// The floor's HTTP server: built assets, then the bench page. FLOOR_STREAMS picks the variant:
// `node` (default, contender c) or `web` (contender d). Prints the port as the app's server does.
import { createServer } from 'node:http'
import { fileURLToPath } from 'node:url'
import sirv from 'sirv'
import { createHandler, type Variant } from './entry.rsc.tsx'

const variant = (process.env.FLOOR_STREAMS ?? 'node') as Variant
if (variant !== 'node' && variant !== 'web')
  throw new Error(`FLOOR_STREAMS=${variant}: node or web`)

const handle = await createHandler(variant)
const assets = sirv(fileURLToPath(new URL('../client', import.meta.url)))

const server = createServer((req, res) => {
  if (req.url?.startsWith('/assets/')) assets(req, res)
  else handle(req, res)
})
server.listen(Number(process.env.PORT ?? 3000), '127.0.0.1', () => {
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : process.env.PORT
  console.log(`Listening on http://127.0.0.1:${port}`)
})
