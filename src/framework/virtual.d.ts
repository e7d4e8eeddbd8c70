declare module 'virtual:framework/options' {
  const options: import('./config.ts').FrameworkOptions
  export default options
  /** Differs between builds; 'development' under the dev server. */
  export const buildId: string
  /** Draft mode's cookie value unless configured (server/draft-mode.ts): random per build. */
  export const draftModeSecret: string
}

declare module 'virtual:framework/routes' {
  /** The app's route files, by path relative to its routes folder, loaded on demand. */
  export const routeModules: Record<string, () => Promise<Record<string, unknown>>>
}

declare module 'virtual:framework/global-error' {
  /** The app's global-error.tsx for the ssr environment, if it has one. */
  export const appGlobalError: import('./ssr/global-error.ts').GlobalErrorLoader
}

declare module 'virtual:framework/client-options' {
  type Options = import('./client/router-options.ts').RouterOptions
  export const prefetchConcurrency: Options['prefetchConcurrency']
  export const staticStaleTime: Options['staticStaleTime']
  export const dynamicStaleTime: Options['dynamicStaleTime']
  export const loadTimeoutMs: Options['loadTimeoutMs']
  export const buildId: string
}

declare module 'virtual:framework/middleware' {
  /** The app's src/middleware.ts or src/proxy.ts, if it has one (server/middleware-host.ts). */
  export const middleware: import('./server/middleware-host.ts').MiddlewareSource | undefined
}

declare module 'virtual:framework/metadata-files' {
  /** The app's static metadata files, by path relative to its routes folder (vite/metadata-files.ts). */
  export const staticMetadataFiles: Record<
    string,
    import('./routing/metadata-files.ts').StaticMetadataFile
  >
}
