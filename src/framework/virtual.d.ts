declare module 'virtual:framework/options' {
  const options: import('./config.ts').FrameworkOptions
  export default options
  /** Differs between builds; 'development' under the dev server. */
  export const buildId: string
}

declare module 'virtual:framework/client-options' {
  const options: import('./client/router-options.ts').RouterOptions
  export default options
  export const buildId: string
}
