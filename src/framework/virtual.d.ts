declare module 'virtual:framework/options' {
  const options: import('./config.ts').FrameworkOptions
  export default options
  /** Differs between builds; 'development' under the dev server. */
  export const buildId: string
  /** Draft mode's cookie value unless configured (draft-mode.ts): random per build. */
  export const draftModeSecret: string
}

declare module 'virtual:framework/client-options' {
  type Options = import('./client/router-options.ts').RouterOptions
  export const prefetchConcurrency: Options['prefetchConcurrency']
  export const staticStaleTime: Options['staticStaleTime']
  export const dynamicStaleTime: Options['dynamicStaleTime']
  export const loadTimeoutMs: Options['loadTimeoutMs']
  export const buildId: string
}
