'use client'
// The default global error screen: it replaces the whole document when no error.tsx caught the
// error. An error with a digest came from the server; one without was thrown in the browser.

const styles = `
.fw-global-error{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;min-height:100vh;display:flex;align-items:center;justify-content:center;margin:0;padding:0 1rem;color:#000;background:#fff}
.fw-global-error h2{font-size:14px;font-weight:400;line-height:1.6;max-width:36rem}
@media (prefers-color-scheme:dark){.fw-global-error{color:#fff;background:#000}}
`

export default function GlobalError(props: {
  error: Error & { digest?: string }
  reset?: () => void
  /** The host name, when rendered on the server (the browser reads location.hostname). */
  host?: string
}) {
  const host = props.host ?? (typeof location === 'undefined' ? '' : location.hostname)
  const { digest } = props.error
  const side = digest === undefined ? 'client' : 'server'
  const where = digest === undefined ? 'the browser console' : 'the server logs'
  return (
    <html lang="en">
      <head>
        <title>Application error</title>
        <style>{styles}</style>
      </head>
      <body>
        <div className="fw-global-error">
          <div>
            <h2>
              {`Application error: a ${side}-side exception has occurred while loading ${host} (see ${where} for more information).`}
            </h2>
            {digest === undefined ? null : <p>{`Digest: ${digest}`}</p>}
          </div>
        </div>
      </body>
    </html>
  )
}
