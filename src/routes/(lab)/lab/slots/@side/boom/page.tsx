export default function SideBoom(): never {
  throw new Error('The side slot failed on purpose.')
}
