import { notFound } from '#framework'

export default function SideMissing(): never {
  notFound()
}
