import { redirect } from '#framework'

export default function GoPage() {
  redirect('/about')
}
