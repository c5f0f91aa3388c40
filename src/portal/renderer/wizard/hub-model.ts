// A hub of persons (product-spec section 2: the directors, owners and users hubs): the
// persons are kept once in the item list (personList) and the hub's field refers to them by
// id, or, for users, by id with access rights, the person marked as a user with the same
// rights (product-spec section 4: the first user gets 2). A person no section refers to any
// more leaves the list. Pure: each change answers the next payload.
import type { Json, Wizard, WizardSection } from '../screens-data.ts'
import { refersToPerson, sectionFields } from './wizard-checks.ts'

type Payload = Record<string, Json>
type Item = Record<string, Json>
export type Hub = NonNullable<WizardSection['hub']>

const isItem = (value: Json | undefined): value is Item =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

export const itemsOf = (payload: Payload, list: string): Item[] =>
  (Array.isArray(payload[list]) ? (payload[list] as Json[]) : []).filter(isItem)

/** The person id of one entry of a hub: an id, or an object's personId. */
export function refId(ref: Json): number | undefined {
  const id = isItem(ref) ? ref.personId : ref
  return typeof id === 'number' ? id : undefined
}

export const hubIds = (payload: Payload, hub: Hub): number[] =>
  (Array.isArray(payload[hub.field]) ? (payload[hub.field] as Json[]) : [])
    .map(refId)
    .filter((id): id is number => id !== undefined)

/** The person as saved from the item form: the form's fields replace theirs, the rest stay. */
export function withPerson(
  payload: Payload,
  list: string,
  id: number,
  data: Item,
  formFields: readonly string[],
): Payload {
  const items = itemsOf(payload, list)
  const at = items.findIndex((item) => item.id === id)
  const kept = Object.fromEntries(
    Object.entries(items[at] ?? {}).filter(([name]) => !formFields.includes(name)),
  )
  const person = { ...kept, ...data, id }
  const next = at < 0 ? [...items, person] : items.map((item, i) => (i === at ? person : item))
  return { ...payload, [list]: next }
}

/** The person's user marks: isUser with the rights, or neither. */
function marked(payload: Payload, list: string, id: number, rights: number | undefined): Payload {
  const items = itemsOf(payload, list).map((item) => {
    if (item.id !== id) return item
    const { isUser: _u, accessRights: _a, ...rest } = item
    return rights === undefined ? rest : { ...rest, isUser: true, accessRights: rights }
  })
  return { ...payload, [list]: items }
}

/** The hub with the person added; a user gets the first user's rights or the lowest offered. */
export function withReference(
  payload: Payload,
  hub: Hub,
  list: string,
  id: number,
  offered: readonly number[],
): Payload {
  if (hubIds(payload, hub).includes(id)) return payload
  const refs = Array.isArray(payload[hub.field]) ? (payload[hub.field] as Json[]) : []
  if (!hub.rights) return { ...payload, [hub.field]: [...refs, id] }
  const rights =
    refs.length === 0 && hub.firstRights !== undefined ? hub.firstRights : Math.min(...offered)
  const next = { ...payload, [hub.field]: [...refs, { personId: id, [hub.rights]: rights }] }
  return marked(next, list, id, rights)
}

/** The user's rights changed in the hub and on the person alike. */
export function withRights(
  payload: Payload,
  hub: Hub,
  list: string,
  id: number,
  rights: number,
): Payload {
  if (!hub.rights) return payload
  const field = hub.rights
  const refs = (payload[hub.field] as Json[]).map((ref) =>
    refId(ref) === id && isItem(ref) ? { ...ref, [field]: rights } : ref,
  )
  return marked({ ...payload, [hub.field]: refs }, list, id, rights)
}

/**
 * The hub without the person; a person no section refers to any more leaves the list too
 * (a removed director who is nothing else is not sent).
 */
export function withoutReference(
  payload: Payload,
  wizard: Wizard,
  hub: Hub,
  list: string,
  id: number,
): Payload {
  const refs = (Array.isArray(payload[hub.field]) ? (payload[hub.field] as Json[]) : []).filter(
    (ref) => refId(ref) !== id,
  )
  let next: Payload = { ...payload, [hub.field]: refs }
  if (hub.rights) next = marked(next, list, id, undefined)
  const referred = wizard.sections.some((section) =>
    sectionFields(section).some((field) =>
      refersToPerson(next[field.split('.')[0]!], id, section.hub?.field === field),
    ),
  )
  if (referred) return next
  return { ...next, [list]: itemsOf(next, list).filter((item) => item.id !== id) }
}
