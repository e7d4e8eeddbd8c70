declare module 'virtual:framework/options' {
  const options: import('./config.ts').FrameworkOptions
  export default options
}
