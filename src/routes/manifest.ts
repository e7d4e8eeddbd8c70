// /manifest.webmanifest: the notebook as an installable app, with its icons.
import type { MetadataRoute } from '#framework'

export default function manifest(): MetadataRoute.Manifest {
  return {
    name: 'Notebook',
    short_name: 'Notebook',
    description: 'Notes and tags, rendered by the framework.',
    start_url: '/',
    display: 'standalone',
    background_color: '#faf6ec',
    theme_color: '#1e293b',
    icons: [
      { src: '/icon.png', sizes: '32x32', type: 'image/png' },
      { src: '/apple-icon.png', sizes: '180x180', type: 'image/png' },
    ],
  }
}
