// Typed routes under `tsc` (docs/routing.md, "Typed routes"): a small app's generated routes.d.ts
// makes PageProps, LayoutProps and RouteContext type its params, and with typedRoutes an href no
// route answers (in <Link>, the router, redirect()) a type error; `framework typegen` writes the
// file in a fresh copy of the project, where it did not exist, without starting Vite.
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, describe, expect, it } from 'vitest'
import { createRouteTable } from '../../src/framework/routing/route-table.ts'
import { routeTypesFile } from '../../src/framework/routing/route-types-file.ts'
import { ROOT_DIR } from '../e2e/support/paths.ts'
import { copyProject } from '../e2e/support/project-copy.ts'
import { TYPED_ROUTES_APP } from '../unit/support/typed-routes-app.ts'

const run = promisify(execFile)
const TSC = join(ROOT_DIR, 'node_modules/typescript/bin/tsc')

/** The fixture app's routes: the typed routes app's, and folders with odd names. */
const ROUTE_FILES = [...TYPED_ROUTES_APP, 'café/page.tsx', `\${x}/page.tsx`]

const FRAMEWORK = (path: string) => JSON.stringify(join(ROOT_DIR, 'src/framework', path))

/** Code that uses the routes as they are. */
const CORRECT = `
import { redirect } from ${FRAMEWORK('index.ts')}
import { Link, useRouter } from ${FRAMEWORK('client.ts')}

export async function NotePage({ params, searchParams }: PageProps<'/notes/[id]'>) {
  const { id } = await params
  const { tab } = await searchParams
  return <Link href={\`/notes/\${id}?tab=\${String(tab)}\`}>{id}</Link>
}

export async function DocsPage(props: PageProps<'/docs/[...slug]'>) {
  const { slug } = await props.params
  return slug.join('/')
}

export async function TagsPage(props: PageProps<'/tags/[[...tag]]'>) {
  const { tag = [] } = await props.params
  return tag.length
}

export function NotesLayout({ children, modal }: LayoutProps<'/notes'>) {
  return <>{children}{modal}</>
}

export async function GET(_request: Request, context: RouteContext<'/api/x/[id]'>) {
  const { id } = await context.params
  return Response.json({ id })
}

export function Links() {
  const router = useRouter()
  const go = () => {
    router.push('/notes/new-ish')
    router.replace('/about?x=1')
    router.prefetch('/docs/a/b')
  }
  return (
    <>
      <Link href="/">home</Link>
      <Link href="/about#team">about</Link>
      <Link href="/notes/3">note</Link>
      <Link href="/docs/guides/routing">docs</Link>
      <Link href="/tags">tags</Link>
      <Link href="/tags/a/b?sort=new">tags a b</Link>
      <Link href="/api/x/1">api</Link>
      <Link href="/café">café</Link>
      <Link href="/caf%C3%A9">café</Link>
      <Link href="/\${x}">odd</Link>
      <Link href="?page=2">next</Link>
      <Link href="#top">top</Link>
      <Link href="https://example.com/elsewhere">elsewhere</Link>
      <Link href="mailto:someone@example.com">mail</Link>
      <button type="button" onClick={go}>go</button>
    </>
  )
}

export function moved(): never {
  redirect('/notes/1')
}
`

/** Code with one mistake of each kind. */
const WRONG = `
import { permanentRedirect } from ${FRAMEWORK('index.ts')}
import { Link, useRouter } from ${FRAMEWORK('client.ts')}

export async function DocsPage({ params }: PageProps<'/docs/[...slug]'>) {
  const { id } = await params
  return id
}

export function Links() {
  const router = useRouter()
  return (
    <>
      <Link href="/nope">nope</Link>
      <button type="button" onClick={() => router.push('/notes/1/2')}>deeper</button>
    </>
  )
}

export function moved(): never {
  permanentRedirect('/gone-for-good')
}
`

// Inside the project, so the fixture's imports find its node_modules; .framework is git-ignored.
mkdirSync(join(ROOT_DIR, '.framework'), { recursive: true })
const dir = mkdtempSync(join(ROOT_DIR, '.framework', 'typecheck-fixture-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** `tsc` on `code` with the fixture's routes.d.ts: its exit code and its output. */
async function typecheck(code: string, typedRoutes: boolean) {
  const name = `${typedRoutes ? 'typed' : 'untyped'}-${Math.random().toString(36).slice(2)}`
  const project = join(dir, name)
  mkdirSync(project)
  const table = createRouteTable(ROUTE_FILES)
  writeFileSync(join(project, 'routes.d.ts'), routeTypesFile(table, { typedRoutes }))
  writeFileSync(join(project, 'app.tsx'), code)
  const rootConfig = JSON.parse(readFileSync(join(ROOT_DIR, 'tsconfig.json'), 'utf8'))
  const config = {
    compilerOptions: { ...rootConfig.compilerOptions, paths: undefined },
    files: ['routes.d.ts', 'app.tsx'],
  }
  writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(config))
  try {
    const { stdout } = await run(process.execPath, [TSC, '-p', project], { cwd: project })
    return { code: 0, output: stdout }
  } catch (error) {
    const failed = error as { code: number; stdout: string }
    return { code: failed.code, output: failed.stdout }
  }
}

describe('tsc with the generated routes.d.ts', () => {
  it('takes code that uses the routes as they are', async () => {
    const { code, output } = await typecheck(CORRECT, true)
    expect(output).toBe('')
    expect(code).toBe(0)
  }, 120_000)

  it('names each href no route answers and each param the route does not have', async () => {
    const { code, output } = await typecheck(WRONG, true)
    expect(code).not.toBe(0)
    expect(output).toMatch(/app\.tsx\(6,11\): error TS2339: Property 'id' does not exist/)
    expect(output).toMatch(/error TS2322: Type '"\/nope"' is not assignable/)
    expect(output).toMatch(/error TS2345: Argument of type '"\/notes\/1\/2"' is not assignable/)
    expect(output).toMatch(/error TS2345: Argument of type '"\/gone-for-good"' is not assignable/)
    expect(output.match(/error TS/g)).toHaveLength(4)
  }, 120_000)

  it('without typedRoutes, types params only: any string is an href', async () => {
    const { code, output } = await typecheck(WRONG, false)
    expect(output).toMatch(/Property 'id' does not exist/)
    expect(output.match(/error TS/g)).toHaveLength(1)
    expect(code).not.toBe(0)
  }, 120_000)
})

describe('framework typegen', () => {
  const project = copyProject()
  afterAll(() => project.remove())

  it('writes .framework/types/routes.d.ts in a copy that has none, for tsc to check', async () => {
    const file = join(project.dir, '.framework/types/routes.d.ts')
    expect(existsSync(file)).toBe(false)
    await run(process.execPath, [join(ROOT_DIR, 'bin/framework.mjs'), 'typegen'], {
      cwd: project.dir,
    })
    const text = readFileSync(file, 'utf8')
    // The notebook's vite.config.ts turns typedRoutes on.
    expect(text).toContain('"/notes/[id]": { "id": string }')
    expect(text).toContain(`| \`/notes/\${Slug<Href>}\``)
    expect(text).toContain('interface FrameworkRouteTypes<Href extends string>')
  }, 120_000)
})
