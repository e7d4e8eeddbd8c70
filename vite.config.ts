import { defineConfig } from 'vite'
import { framework } from './src/framework/vite-plugin.ts'

export default defineConfig({
  plugins: [framework()],
})
