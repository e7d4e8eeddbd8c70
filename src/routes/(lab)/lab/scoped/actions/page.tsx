// The server function lab again, below the scoped lab's own fallback screens.
export { default } from '../../actions/page.tsx'
