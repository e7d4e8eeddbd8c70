// What install.mjs decides, kept apart from what it does so that a unit test can check it
// (tests/unit/workers-toolchain-install.test.ts): plain JS, since Node 20 runs the installer
// without TypeScript; its types are install-plan.d.mts.
import { createHash } from 'node:crypto'
import { dirname, join, resolve } from 'node:path'

/** The oldest Node that wrangler and miniflare declare (their package.json `engines`). */
export const TOOLCHAIN_NODE_MAJOR = 22

/**
 * The links made in the project's node_modules: the two packages, where the framework, the Vite
 * configuration and the tests import them (Node follows a link to its real path, so their own
 * dependencies resolve in the toolchain's node_modules), and wrangler's command, for `npx wrangler`.
 */
export function toolchainLinks(projectDir, toolchainDir) {
  const from = (path) => join(projectDir, 'node_modules', path)
  const to = (path) => join(toolchainDir, 'node_modules', path)
  return [
    {
      path: from('@cloudflare/vite-plugin'),
      target: to('@cloudflare/vite-plugin'),
      package: '@cloudflare/vite-plugin',
    },
    { path: from('wrangler'), target: to('wrangler'), package: 'wrangler' },
    { path: from('.bin/wrangler'), target: to('wrangler/bin/wrangler.js'), package: 'wrangler' },
  ]
}

/**
 * The one line said instead of npm's EBADENGINE warnings on a Node older than the toolchain
 * declares; nothing on a newer one. The toolchain works there for building and testing, which is
 * what this project asks of it; deploying is Cloudflare's supported path, hence Node 22+.
 */
export function nodeVersionNotice(version) {
  const major = Number(/^v?(\d+)\./.exec(version)?.[1])
  if (!(major < TOOLCHAIN_NODE_MAJOR)) return undefined
  return (
    `The Cloudflare Workers toolchain (wrangler, miniflare) declares Node ${TOOLCHAIN_NODE_MAJOR} or newer; ` +
    `this is Node ${version}: the Workers build and tests run here, but use Node ${TOOLCHAIN_NODE_MAJOR}+ to deploy.`
  )
}

/** What an install is made from: a change to either file calls for `npm ci` again. */
export function toolchainHash(packageJson, packageLock) {
  return createHash('sha256').update(packageJson).update('\0').update(packageLock).digest('hex')
}

/** `npm ci` is needed unless the last install, recorded by its hash, was made from these files. */
export function needsInstall(installedHash, currentHash) {
  return installedHash !== currentHash
}

/** The packages a package.json installs itself. */
export function declaredPackages(packageJson) {
  const { dependencies, devDependencies, optionalDependencies } = packageJson
  return Object.keys({ ...dependencies, ...devDependencies, ...optionalDependencies })
}

/**
 * Whether a link of toolchainLinks() must be made (anything in its place removed first), given
 * what is there: nothing, a link (`to`, as readlink gives it) or anything else, such as a package
 * directory left by an install from before the toolchain had its own folder. A package that the
 * project declares in its own package.json is the project's to install: it is left alone.
 */
export function needsLink(link, existing, declaredByProject) {
  if (declaredByProject.includes(link.package)) return false
  if (existing.kind === 'link')
    return resolve(dirname(link.path), existing.to) !== resolve(link.target)
  return true
}

/** A line of npm's EBADENGINE warnings, which nodeVersionNotice() says once instead. */
export function isEngineWarning(line) {
  return /\bEBADENGINE\b/.test(line)
}
