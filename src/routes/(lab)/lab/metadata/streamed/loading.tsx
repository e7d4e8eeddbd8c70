/** The page below streams behind it: what its generateMetadata throws arrives after the shell. */
export default function StreamedMetadataLoading() {
  return <p>Loading the page…</p>
}
