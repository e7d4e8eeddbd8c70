// The notebook's notes. Seeded so every page has content from the first start.
export interface Note {
  id: string
  title: string
  body: string
  tags: string[]
}

const TOPICS = ['garden', 'reading', 'travel', 'recipes', 'work', 'music']

export const notes: Note[] = Array.from({ length: 50 }, (_, i) => {
  const n = i + 1
  const tag = TOPICS[i % TOPICS.length]!
  return {
    id: String(n),
    title: `Note ${n}: ${tag}`,
    body: `Thoughts about ${tag}, entry number ${n}.`,
    tags: [tag, ...(n % 5 === 0 ? ['favourite'] : [])],
  }
})

export function findNote(id: string): Note | undefined {
  return notes.find((note) => note.id === id)
}

export function notesTagged(tag: string): Note[] {
  return notes.filter((note) => note.tags.includes(tag))
}

export const allTags = [...new Set(notes.flatMap((note) => note.tags))].sort()
