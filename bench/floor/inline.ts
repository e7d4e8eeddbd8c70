// The simplest correct inlining of the RSC payload for hydration, shared by both variants: the
// payload's chunks as <script> pushes into a global that entry.browser.tsx reads, written after
// the HTML and before its closing `</body></html>`.

export const PAYLOAD_GLOBAL = '__FLIGHT'

const DOCUMENT_END = new TextEncoder().encode('</body></html>')

/** One chunk of payload text as a script; `<` escaped so no text can end the script element. */
export function payloadScript(text: string): string {
  if (!text) return ''
  const literal = JSON.stringify(text).replace(/</g, '\\u003c')
  return `<script>(self.${PAYLOAD_GLOBAL}||=[]).push(${literal})</script>`
}

/**
 * Passes HTML through, always holding its last 14 bytes back: React writes `</body></html>` last,
 * possibly split across chunks. `end()` returns them with `scripts` before the closing tags.
 */
export function createDocumentEnd() {
  let held = new Uint8Array(0)
  return {
    write(chunk: Uint8Array): Uint8Array {
      const bytes = held.length ? concat(held, chunk) : chunk
      const keep = Math.min(DOCUMENT_END.length, bytes.length)
      held = bytes.slice(bytes.length - keep)
      return bytes.subarray(0, bytes.length - keep)
    },
    end(scripts: string): Uint8Array {
      const closing =
        held.length === DOCUMENT_END.length && held.every((b, i) => b === DOCUMENT_END[i])
      const text = new TextEncoder().encode(scripts)
      return closing ? concat(text, held) : concat(held, text)
    },
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}
