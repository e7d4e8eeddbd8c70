// The notebook's public address, as its sitemap and robots.txt name it.
export const SITE_URL = 'https://notebook.example'
