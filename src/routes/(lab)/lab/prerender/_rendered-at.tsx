/** When the page was rendered, as the tests read it: the build's time for a prerendered page. */
export function RenderedAt() {
  return <p data-testid="rendered-at">{`Rendered at ${new Date().toISOString()}`}</p>
}
