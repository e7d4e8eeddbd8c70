// The look shared by the 404, 401 and 403 screens: status, a thin vertical rule, the message,
// centred, in light and dark colour schemes. Inline styles, so the screen needs no stylesheet.
const styles = `
.fw-status{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;min-height:100vh;display:flex;align-items:center;justify-content:center;margin:0;color:#000;background:#fff}
.fw-status h1{display:inline-block;margin:0 20px 0 0;padding:0 23px 0 0;font-size:24px;font-weight:500;line-height:49px;border-right:1px solid rgba(0,0,0,.3)}
.fw-status h2{display:inline-block;margin:0;font-size:14px;font-weight:400;line-height:49px}
@media (prefers-color-scheme:dark){.fw-status{color:#fff;background:#000}.fw-status h1{border-right-color:rgba(255,255,255,.3)}}
`

export function StatusScreen({ status, message }: { status: number; message: string }) {
  return (
    <div className="fw-status">
      <title>{`${status}: ${message}`}</title>
      <style>{styles}</style>
      <div>
        <h1>{status}</h1>
        <h2>{message}</h2>
      </div>
    </div>
  )
}
