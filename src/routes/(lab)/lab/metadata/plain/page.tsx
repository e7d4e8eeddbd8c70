import { Link } from '#framework/client'

/** No metadata of its own: the layouts' title, and none of /lab/metadata's other tags. */
export default function PlainMetadataPage() {
  return (
    <>
      <h1>No metadata here</h1>
      <Link href="/lab/metadata">Back to the metadata lab</Link>
    </>
  )
}
