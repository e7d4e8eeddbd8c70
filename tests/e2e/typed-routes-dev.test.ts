// Typed routes under `npm run dev` (docs/routing.md, "Typed routes"): the dev server writes
// .framework/types/routes.d.ts when it starts, and again when a route folder is added or removed
// in a copy of the project.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { copyProject, setupDevServer } from './support/index.ts'

const project = copyProject()
afterAll(() => project.remove()) // registered first: runs after the server has stopped
setupDevServer({ root: project.dir })

const typesFile = join(project.dir, '.framework/types/routes.d.ts')
const read = () => (existsSync(typesFile) ? readFileSync(typesFile, 'utf8') : '')

/** Reads the file until `check` holds: the watcher sees the folder a moment after it is made. */
async function readUntil(check: (text: string) => boolean): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const text = read()
    if (check(text) || attempt === 60) return text
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

test('the route types are written at start, and again when a route folder comes and goes', async () => {
  // The copy has no .framework folder: the dev server wrote it before it listened.
  const started = read()
  expect(started).toContain('"/notes/[id]": { "id": string }')
  expect(started).not.toContain('/shelves')

  const folder = join(project.dir, 'src/routes/shelves/[shelf]')
  mkdirSync(folder, { recursive: true })
  writeFileSync(
    join(folder, 'page.tsx'),
    'export default function ShelfPage() {\n  return <h1>Shelf</h1>\n}\n',
  )
  const added = await readUntil((text) => text.includes('"/shelves/[shelf]"'))
  expect(added).toContain('"/shelves/[shelf]": { "shelf": string }')
  expect(added).toContain(`| \`/shelves/\${Slug<Href>}\``)

  rmSync(join(project.dir, 'src/routes/shelves'), { recursive: true })
  const removed = await readUntil((text) => !text.includes('/shelves'))
  expect(removed).not.toContain('/shelves')
  expect(removed).toContain('"/notes/[id]"')
})
