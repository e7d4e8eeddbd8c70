// The lab's error.tsx, for this folder too.
export { default } from '../../errors/error.tsx'
