// A person or company as its form edits it. The bundle's form holds only some of the entry's
// fields (not its id, not a company's directors, not the users hub's isUser), and rjsf drops
// what its schema does not name (omitExtraData), so a saved form replaces the fields it holds
// and keeps the others.
import type { Json } from '../../screens-data.ts'
import { companiesOf, personsOf, type Entity, type Payload } from './tree-model.ts'

export type EntityKind = 'person' | 'company'

/** The entry with the form's fields replaced by what the form holds now. */
export function mergeEntity(
  id: number,
  existing: Entity | undefined,
  formData: Record<string, Json>,
  fields: readonly string[],
): Entity {
  const kept = Object.fromEntries(
    Object.entries(existing ?? {}).filter(([name]) => !fields.includes(name)),
  )
  return { ...kept, ...formData, id }
}

/** The name a person or company goes by in the tree; empty when its form has none yet. */
export function entityName(kind: EntityKind, entity: Entity | undefined): string {
  if (!entity) return ''
  const parts = kind === 'company' ? [entity.name] : [entity.firstName, entity.lastName]
  return parts
    .filter((part): part is string => typeof part === 'string')
    .join(' ')
    .trim()
}

/** The draft with the entry replaced where its id is listed, else added at the end. */
export function withEntity(payload: Payload, kind: EntityKind, entity: Entity): Payload {
  const list = kind === 'person' ? personsOf(payload) : companiesOf(payload)
  const at = list.findIndex((entry) => entry.id === entity.id)
  const next = at < 0 ? [...list, entity] : list.map((entry, i) => (i === at ? entity : entry))
  return { ...payload, [kind === 'person' ? 'personList' : 'companyList']: next }
}
