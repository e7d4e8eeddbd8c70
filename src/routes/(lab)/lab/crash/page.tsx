export default function CrashPage() {
  throw new Error('The crash page always fails (secret detail 42)')
}
