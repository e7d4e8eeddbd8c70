import { ImageResponse } from '#framework/og'
import { getNote } from '../../_data/notes.ts'

// The note's Open Graph image, made from code as in Next.js (docs/metadata.md, "Images made
// from code"): its title on the notebook's colours, at /notes/<id>/opengraph-image. The exports
// give the head's og:image:alt, :width, :height and :type. A note's title can be edited, while
// ImageResponse lets everyone keep its image for a year by default: this one is checked again.
export const alt = 'The note’s title, on the notebook’s card'
export const size = { width: 1200, height: 630 }
export const contentType = 'image/png'

export default async function NoteImage({ params }: { params: Promise<{ id: string }> }) {
  const note = await getNote((await params).id)
  return new ImageResponse(
    <div
      style={{
        width: '100%',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'center',
        padding: 80,
        background: '#fdf6e3',
        color: '#073642',
      }}
    >
      <div style={{ fontSize: 36, color: '#268bd2' }}>Notebook</div>
      <div style={{ fontSize: 72, marginTop: 24 }}>{note?.title ?? 'A note'}</div>
    </div>,
    { ...size, headers: { 'cache-control': 'public, max-age=0, must-revalidate' } },
  )
}
