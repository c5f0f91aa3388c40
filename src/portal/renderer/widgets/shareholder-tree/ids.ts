// Ids of new personList and companyList entries. They are ids within the payload only
// (registration-person.schema.json), so any unused positive integer will do; the next after
// the highest is taken, never a freed one, so an id that a stale server error or a reference
// still names never comes to mean a different person.
import type { Json } from '../../screens-data.ts'

/** The next free positive integer id of a list: one more than the highest, 1 for none. */
export function nextFreeId(list: readonly { id?: Json }[]): number {
  const highest = list.reduce<number>(
    (max, entry) =>
      typeof entry.id === 'number' && Number.isInteger(entry.id) && entry.id > max ? entry.id : max,
    0,
  )
  return highest + 1
}
