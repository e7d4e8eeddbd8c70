// The Cloudflare Workers toolchain's installer (tools/workers/install.mjs): its decisions, then
// the script itself in a scratch project, with a stand-in npm so that nothing is downloaded.
import { spawnSync } from 'node:child_process'
import {
  chmodSync,
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import {
  declaredPackages,
  isEngineWarning,
  needsInstall,
  needsLink,
  nodeVersionNotice,
  TOOLCHAIN_NODE_MAJOR,
  toolchainHash,
  toolchainLinks,
} from '../../tools/workers/install-plan.mjs'

const TOOLCHAIN_DIR = join(import.meta.dirname, '../../tools/workers')
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'))

describe('decisions', () => {
  test('on a Node older than the toolchain declares, one line says so; on a newer one, nothing', () => {
    const notice = nodeVersionNotice('v20.19.0')
    expect(notice).toContain('Node 22 or newer')
    expect(notice).toContain('v20.19.0')
    expect(notice).toContain('deploy')
    expect(notice).not.toContain('\n')
    expect(nodeVersionNotice('v21.7.3')).toBeDefined()
    expect(nodeVersionNotice('v22.0.0')).toBeUndefined()
    expect(nodeVersionNotice('v24.11.1')).toBeUndefined()
  })

  test("the Node it names is the toolchain's own requirement, as its packages declare it", () => {
    const { engines } = readJson(join(TOOLCHAIN_DIR, 'package.json'))
    expect(engines.node).toBe(`>=${TOOLCHAIN_NODE_MAJOR}`)
    const { packages } = readJson(join(TOOLCHAIN_DIR, 'package-lock.json'))
    const majors = Object.values(packages as Record<string, { engines?: { node?: string } }>)
      .map((entry) => /^>=\s*(\d+)/.exec(entry.engines?.node ?? '')?.[1])
      .filter((major) => major !== undefined)
      .map(Number)
    expect(Math.max(...majors)).toBe(TOOLCHAIN_NODE_MAJOR)
  })

  test('npm ci runs when nothing was installed, or the pins or the lockfile changed since', () => {
    const hash = toolchainHash('{"a":1}', '{"lock":1}')
    expect(needsInstall(undefined, hash)).toBe(true)
    expect(needsInstall(hash, hash)).toBe(false)
    expect(needsInstall(toolchainHash('{"a":2}', '{"lock":1}'), hash)).toBe(true)
    expect(needsInstall(toolchainHash('{"a":1}', '{"lock":2}'), hash)).toBe(true)
  })

  test('the two packages, and wrangler’s command, are linked where the project imports them', () => {
    expect(toolchainLinks('/app', '/app/tools/workers')).toEqual([
      {
        path: '/app/node_modules/@cloudflare/vite-plugin',
        target: '/app/tools/workers/node_modules/@cloudflare/vite-plugin',
        package: '@cloudflare/vite-plugin',
      },
      {
        path: '/app/node_modules/wrangler',
        target: '/app/tools/workers/node_modules/wrangler',
        package: 'wrangler',
      },
      {
        path: '/app/node_modules/.bin/wrangler',
        target: '/app/tools/workers/node_modules/wrangler/bin/wrangler.js',
        package: 'wrangler',
      },
    ])
  })

  test('a link is made unless the right one is there, or the project installs the package itself', () => {
    const [link] = toolchainLinks('/app', '/app/tools/workers')
    expect(needsLink(link!, { kind: 'missing' }, [])).toBe(true)
    expect(
      needsLink(
        link!,
        { kind: 'link', to: '../../tools/workers/node_modules/@cloudflare/vite-plugin' },
        [],
      ),
    ).toBe(false)
    expect(needsLink(link!, { kind: 'link', to: link!.target }, [])).toBe(false)
    expect(needsLink(link!, { kind: 'link', to: '../../elsewhere/vite-plugin' }, [])).toBe(true)
    // A package directory left by an install from before the toolchain had its own folder.
    expect(needsLink(link!, { kind: 'other' }, [])).toBe(true)
    const declared = declaredPackages({ devDependencies: { '@cloudflare/vite-plugin': '1.64.0' } })
    expect(needsLink(link!, { kind: 'missing' }, declared)).toBe(false)
  })

  test("the project's package.json does not install the toolchain", () => {
    const declared = declaredPackages(readJson(join(import.meta.dirname, '../../package.json')))
    expect(declared).toContain('vite')
    expect(declared).not.toContain('wrangler')
    expect(declared).not.toContain('@cloudflare/vite-plugin')
  })

  test("npm's EBADENGINE lines are left out, its other messages kept", () => {
    expect(isEngineWarning("npm warn EBADENGINE   package: 'wrangler@4.151.0',")).toBe(true)
    expect(isEngineWarning('npm warn EBADENGINE }')).toBe(true)
    expect(isEngineWarning('npm error code ECONNREFUSED')).toBe(false)
  })
})

describe('the script', { timeout: 30_000 }, () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  /**
   * A scratch project with the installer and the toolchain's package files, and a stand-in npm
   * on PATH that records each call in npm-calls.log and does what `fakeNpm` says.
   */
  function scratchProject(fakeNpm: string) {
    const root = mkdtempSync(join(tmpdir(), 'workers-toolchain-'))
    dirs.push(root)
    const toolchain = join(root, 'tools/workers')
    mkdirSync(toolchain, { recursive: true })
    for (const file of ['install.mjs', 'install-plan.mjs', 'package.json', 'package-lock.json']) {
      copyFileSync(join(TOOLCHAIN_DIR, file), join(toolchain, file))
    }
    writeFileSync(join(root, 'package.json'), JSON.stringify({ devDependencies: { vite: '8' } }))
    mkdirSync(join(root, 'node_modules'))
    const bin = join(root, 'bin')
    mkdirSync(bin)
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "$@" >> "${root}/npm-calls.log"\n${fakeNpm}\n`)
    chmodSync(join(bin, 'npm'), 0o755)
    const run = (nodeVersionOverride?: string) => {
      const env: NodeJS.ProcessEnv = { ...process.env, PATH: `${bin}:${process.env.PATH}` }
      // The stand-in npm is the one on PATH: not the npm that may run these tests.
      delete env.npm_execpath
      const script = join(toolchain, 'install.mjs')
      const args = nodeVersionOverride
        ? [
            '--import',
            `data:text/javascript,Object.defineProperty(process, 'version', { value: '${nodeVersionOverride}' })`,
            script,
          ]
        : [script]
      return spawnSync(process.execPath, args, { cwd: root, env, encoding: 'utf8' })
    }
    const npmCalls = () => {
      const log = join(root, 'npm-calls.log')
      return existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n') : []
    }
    return { root, toolchain, run, npmCalls }
  }

  /** What a successful `npm ci` leaves, with npm's engine warnings on stderr. */
  const installingNpm = [
    'mkdir -p node_modules/@cloudflare/vite-plugin node_modules/wrangler/bin',
    'touch node_modules/wrangler/bin/wrangler.js',
    'echo "npm warn EBADENGINE Unsupported engine {" >&2',
    'echo "npm warn EBADENGINE   package: \'wrangler@4.151.0\'," >&2',
    'echo "added 2 packages"',
  ].join('\n')

  test('first use: npm ci once, one line about Node instead of npm’s warnings, then the links', () => {
    const project = scratchProject(installingNpm)
    const first = project.run('v20.19.0')
    expect(first.status).toBe(0)
    expect(first.stderr).not.toContain('EBADENGINE')
    expect(first.stdout.match(/Node 22 or newer/g)).toHaveLength(1)
    expect(first.stdout).toContain('added 2 packages')
    expect(project.npmCalls()).toEqual([`ci --prefix ${project.toolchain}/ --no-audit --no-fund`])
    for (const [path, target] of [
      ['node_modules/wrangler', 'tools/workers/node_modules/wrangler'],
      [
        'node_modules/@cloudflare/vite-plugin',
        'tools/workers/node_modules/@cloudflare/vite-plugin',
      ],
      ['node_modules/.bin/wrangler', 'tools/workers/node_modules/wrangler/bin/wrangler.js'],
    ] as const) {
      expect(lstatSync(join(project.root, path)).isSymbolicLink()).toBe(true)
      expect(realpathSync(join(project.root, path))).toBe(realpathSync(join(project.root, target)))
    }

    // Installed: no npm call, nothing said.
    const again = project.run('v20.19.0')
    expect(again.status).toBe(0)
    expect(again.stdout + again.stderr).toBe('')
    expect(project.npmCalls()).toHaveLength(1)

    // A changed lockfile installs again.
    const lock = join(project.toolchain, 'package-lock.json')
    writeFileSync(lock, `${readFileSync(lock, 'utf8')}\n`)
    expect(project.run().status).toBe(0)
    expect(project.npmCalls()).toHaveLength(2)
  })

  test('on Node 22 or newer it says nothing about versions', () => {
    const project = scratchProject(installingNpm)
    const result = project.run('v24.11.1')
    expect(result.status).toBe(0)
    expect(result.stdout + result.stderr).not.toMatch(/Node 22|EBADENGINE/)
  })

  test('a link found missing, or a package directory in its place, is made again without npm', () => {
    const project = scratchProject(installingNpm)
    expect(project.run().status).toBe(0)
    rmSync(join(project.root, 'node_modules/wrangler'))
    // What an install from before the toolchain had its own folder left.
    rmSync(join(project.root, 'node_modules/@cloudflare/vite-plugin'))
    mkdirSync(join(project.root, 'node_modules/@cloudflare/vite-plugin/dist'), { recursive: true })
    expect(project.run().status).toBe(0)
    expect(project.npmCalls()).toHaveLength(1)
    expect(readlinkSync(join(project.root, 'node_modules/wrangler'))).toBe(
      '../tools/workers/node_modules/wrangler',
    )
    expect(readlinkSync(join(project.root, 'node_modules/@cloudflare/vite-plugin'))).toBe(
      '../../tools/workers/node_modules/@cloudflare/vite-plugin',
    )
  })

  test('npm failing exits non-zero with what to do, and the next run tries again', () => {
    const project = scratchProject('echo "npm error code ENOTFOUND" >&2\nexit 1')
    const result = project.run()
    expect(result.status).not.toBe(0)
    expect(result.stderr).toContain('npm error code ENOTFOUND')
    expect(result.stderr).toMatch(/toolchain failed: npm ci exited with 1.*check the network/)
    expect(result.stderr).toContain('node tools/workers/install.mjs')
    expect(existsSync(join(project.root, 'node_modules/wrangler'))).toBe(false)
    expect(project.run().status).not.toBe(0)
    expect(project.npmCalls()).toHaveLength(2)
  })

  test("before the project's own install, it says to run that first", () => {
    const project = scratchProject(installingNpm)
    rmSync(join(project.root, 'node_modules'), { recursive: true })
    const result = project.run()
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('run `npm ci` (or `npm install`) in the project first')
    expect(project.npmCalls()).toEqual([])
  })
})
