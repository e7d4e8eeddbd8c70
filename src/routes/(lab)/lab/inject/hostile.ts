/** Strings that would break out of an inline script or a JSON literal if not escaped. */
export const HOSTILE_STRINGS = [
  '</script><script>window.__injected = 1</script>',
  '<!-- <script>window.__injected = 2</script>',
  '<script>window.__injected = 3</script>',
  'line\u2028separator\u2029paragraph',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the placeholder text is the point
  '"quotes" \\backslash\\ \'single\' ${template} `backtick`',
  ']}); window.__injected = 4; ({[',
  '\u0000 nul and é ü 漢字 🎉',
]
