import { Link } from '#framework/client'

// Metadata files in a dynamic folder below a route group (docs/metadata.md, "Metadata files"):
// icon1.png, icon2.png and opengraph-image.png beside this page are served at this page's URL
// with Next's suffix for the group, and its head names them with the slug filled in.
export default async function MetadataFilesPage({ params }: { params: Promise<{ slug: string }> }) {
  const { slug } = await params
  return (
    <>
      <h1>Metadata files for {slug}</h1>
      <Link href="/lab/metadata">Back to the metadata lab</Link>
    </>
  )
}
