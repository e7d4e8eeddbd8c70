// `npm run bench`: Node 20 cannot run TypeScript, so Vite's module runner loads the typed runner.
// Options: --quick, --no-build, --out <file>, --rounds <n>, --seconds <n> (bench/README.md).
import { runnerImport } from 'vite'

const { module } = await runnerImport(new URL('./runner/main.ts', import.meta.url).pathname)
// Exits once the results are written, whatever handle a child process may have left open.
process.exit(await module.main(process.argv.slice(2)))
