// The floor's tree: the bench layout and page from src/routes/bench/, in the <html> document that
// the app's root layout (src/routes/layout.tsx) renders around every page, without its header.
import BenchPage from '../../src/routes/bench/dynamic/page.tsx'
import BenchLayout from '../../src/routes/bench/layout.tsx'

export function Root() {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
      </head>
      <body>
        <main>
          <BenchLayout>
            <BenchPage />
          </BenchLayout>
        </main>
      </body>
    </html>
  )
}
