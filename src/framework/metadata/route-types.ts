// The types of Next.js's metadata route files (`MetadataRoute` in `next`): what the default
// export of robots.ts, sitemap.ts and manifest.ts returns. A Next app's
// `import type { MetadataRoute } from 'next'` becomes an import from '#framework'.

type RobotsRule = {
  userAgent?: string | string[]
  allow?: string | string[]
  disallow?: string | string[]
  crawlDelay?: number
}

export type Robots = {
  rules: RobotsRule | RobotsRule[]
  sitemap?: string | string[]
  host?: string
}

type ChangeFrequency = 'always' | 'hourly' | 'daily' | 'weekly' | 'monthly' | 'yearly' | 'never'

type Videos = {
  title: string
  thumbnail_loc: string
  description: string
  content_loc?: string
  player_loc?: string
  duration?: number
  expiration_date?: Date | string
  rating?: number
  view_count?: number
  publication_date?: Date | string
  family_friendly?: 'yes' | 'no'
  restriction?: { relationship: 'allow' | 'deny'; content: string }
  platform?: { relationship: 'allow' | 'deny'; content: string }
  requires_subscription?: 'yes' | 'no'
  uploader?: { info?: string; content?: string }
  live?: 'yes' | 'no'
  tag?: string
}

export type Sitemap = Array<{
  url: string
  lastModified?: string | Date
  changeFrequency?: ChangeFrequency
  priority?: number
  alternates?: { languages?: Record<string, string | undefined> }
  images?: string[]
  videos?: Videos[]
}>

type ManifestIcon = {
  src: string
  type?: string
  sizes?: string
  purpose?: 'any' | 'maskable' | 'monochrome'
}

type ManifestImage = {
  src: string
  sizes?: string
  type?: string
  label?: string
  platform?: string
  form_factor?: 'narrow' | 'wide'
}

export type Manifest = {
  background_color?: string
  categories?: string[]
  description?: string
  dir?: 'ltr' | 'rtl' | 'auto'
  display?: 'fullscreen' | 'standalone' | 'minimal-ui' | 'browser'
  display_override?: (
    | 'fullscreen'
    | 'standalone'
    | 'minimal-ui'
    | 'browser'
    | 'window-controls-overlay'
  )[]
  icons?: ManifestIcon[]
  id?: string
  lang?: string
  launch_handler?: {
    client_mode: ('navigate-new' | 'navigate-existing' | 'auto' | 'focus-existing')[] | string
  }
  name?: string
  orientation?:
    | 'any'
    | 'natural'
    | 'landscape'
    | 'portrait'
    | 'portrait-primary'
    | 'portrait-secondary'
    | 'landscape-primary'
    | 'landscape-secondary'
  prefer_related_applications?: boolean
  protocol_handlers?: { protocol: string; url: string }[]
  related_applications?: { platform: string; url: string; id?: string }[]
  scope?: string
  screenshots?: ManifestImage[]
  share_target?: {
    action: string
    method?: 'get' | 'GET' | 'post' | 'POST'
    enctype?: string
    params: {
      title?: string
      text?: string
      url?: string
      files?: { name: string; accept: string[] }[]
    }
  }
  short_name?: string
  shortcuts?: {
    name: string
    short_name?: string
    description?: string
    url: string
    icons?: ManifestIcon[]
  }[]
  start_url?: string
  theme_color?: string
}
