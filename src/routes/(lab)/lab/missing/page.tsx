import { notFound } from '#framework'

export default function MissingPage() {
  notFound()
}
