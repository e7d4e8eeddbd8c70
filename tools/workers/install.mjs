// `node tools/workers/install.mjs`, run by the scripts that need the Cloudflare Workers toolchain
// (build:workers, preview:workers, test:e2e:workers, test:integration): installs it on first use,
// with its own exact pins and lockfile, so that the project's own install stays free of it and of
// its Node 22 requirement. Then links it where the unchanged imports find it. Plain JS: Node 20
// runs it without TypeScript. Fast and silent when nothing changed: no npm call.
import { spawn } from 'node:child_process'
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs'
import { basename, dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  declaredPackages,
  isEngineWarning,
  needsInstall,
  needsLink,
  nodeVersionNotice,
  toolchainHash,
  toolchainLinks,
} from './install-plan.mjs'

const toolchainDir = fileURLToPath(new URL('.', import.meta.url))
const projectDir = join(toolchainDir, '../..')
/** The hash of the files the installed toolchain was made from, written once `npm ci` succeeded. */
const installedHashFile = join(toolchainDir, 'node_modules/.toolchain-hash')

function fail(message) {
  console.error(message)
  process.exit(1)
}

const read = (path) => readFileSync(path, 'utf8')

/** What is at `path` now, for needsLink(). */
function existingAt(path) {
  const stat = lstatSync(path, { throwIfNoEntry: false })
  if (!stat) return { kind: 'missing' }
  return stat.isSymbolicLink() ? { kind: 'link', to: readlinkSync(path) } : { kind: 'other' }
}

/** `npm ci` in tools/workers with the npm that runs this script, its EBADENGINE lines left out. */
function npmCi() {
  // Under `npm run`, npm_execpath is that npm's CLI: run it with this Node, as PATH may differ.
  const npmCli = process.env.npm_execpath
  const [command, prefix] =
    npmCli && basename(npmCli).startsWith('npm') ? [process.execPath, [npmCli]] : ['npm', []]
  const args = [...prefix, 'ci', '--prefix', toolchainDir, '--no-audit', '--no-fund']
  return new Promise((resolveExit) => {
    const child = spawn(command, args, { cwd: toolchainDir, stdio: ['ignore', 'inherit', 'pipe'] })
    let partial = ''
    const writeLines = (lines) => {
      for (const line of lines) if (!isEngineWarning(line)) process.stderr.write(`${line}\n`)
    }
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk) => {
      const lines = (partial + chunk).split('\n')
      partial = lines.pop() ?? ''
      writeLines(lines)
    })
    child.on('error', (error) => resolveExit(`could not start npm (${error.message})`))
    child.on('close', (code, signal) => {
      if (partial) writeLines([partial])
      resolveExit(code === 0 ? undefined : `npm ci exited with ${code ?? signal}`)
    })
  })
}

if (!existsSync(join(projectDir, 'node_modules'))) {
  fail(
    "The Cloudflare Workers toolchain runs with the project's own Vite: run `npm ci` (or `npm install`) in the project first.",
  )
}

const hash = toolchainHash(
  read(join(toolchainDir, 'package.json')),
  read(join(toolchainDir, 'package-lock.json')),
)
const installedHash = existsSync(installedHashFile) ? read(installedHashFile).trim() : undefined
if (needsInstall(installedHash, hash)) {
  console.log('Installing the Cloudflare Workers toolchain into tools/workers/node_modules')
  const notice = nodeVersionNotice(process.version)
  if (notice) console.log(notice)
  rmSync(installedHashFile, { force: true })
  const failure = await npmCi()
  if (failure) {
    fail(
      `Installing the Cloudflare Workers toolchain failed: ${failure}. It downloads its packages from the npm registry: check the network (npm's messages are above), then run \`node tools/workers/install.mjs\` again.`,
    )
  }
  writeFileSync(installedHashFile, `${hash}\n`)
}

const declared = declaredPackages(JSON.parse(read(join(projectDir, 'package.json'))))
for (const link of toolchainLinks(projectDir, toolchainDir)) {
  if (!needsLink(link, existingAt(link.path), declared)) continue
  try {
    rmSync(link.path, { recursive: true, force: true })
    mkdirSync(dirname(link.path), { recursive: true })
    symlinkSync(relative(dirname(link.path), link.target), link.path)
  } catch (error) {
    fail(
      `Linking ${relative(projectDir, link.path)} to the Cloudflare Workers toolchain failed (${error.message}): remove it, then run \`node tools/workers/install.mjs\` again.`,
    )
  }
}
