// The wizard's request as its sections see it: the part of the payload a section's form
// edits, merged back; names trimmed and collapsed and empty values dropped before it is
// sent (product-spec section 5); the ids of new persons and companies.
import { normalizeName } from '../../../shared/registration-rules.ts'
import { valueAt, withoutEmpty, withValueAt } from '../field-paths.ts'
import type { Json, Schema } from '../screens-data.ts'

type Payload = Record<string, Json>

/** The values of these fields (dotted for parts of objects), as a nested object. */
export function sectionSlice(payload: Payload, fields: readonly string[]): Payload {
  let slice: Payload = {}
  for (const field of fields) {
    const value = valueAt(payload, field)
    if (value !== undefined) slice = withValueAt(slice, field, value)
  }
  return slice
}

/** The payload with these fields taken from a section's slice (a field left out is removed). */
export function mergeSlice(payload: Payload, slice: Payload, fields: readonly string[]): Payload {
  let next = payload
  for (const field of fields) next = withValueAt(next, field, valueAt(slice, field))
  return next
}

/** The JSON Schema rule of a name (activation-name.schema.json): trimmed, single spaces. */
const namePattern = '^\\S+( \\S+)*$'

/** The dotted fields of a form schema that hold names. */
export function nameFields(schema: Schema, prefix = ''): string[] {
  const properties = (schema.properties ?? {}) as Record<string, Schema>
  return Object.entries(properties).flatMap(([name, property]) => {
    if (property.type === 'string' && property.pattern === namePattern) return [`${prefix}${name}`]
    if (property.type === 'object') return nameFields(property, `${prefix}${name}.`)
    return []
  })
}

/**
 * Names trimmed and repeated whitespace collapsed (product-spec section 5, Names): at the
 * fields given from the payload's root, and in every item of a list at `list.field`.
 */
export function withNormalizedNames(
  payload: Payload,
  fields: readonly string[],
  lists: Record<string, readonly string[]> = {},
): Payload {
  const normalize = (data: Payload, names: readonly string[]) =>
    names.reduce((next, field) => {
      const value = valueAt(next, field)
      return typeof value === 'string' ? withValueAt(next, field, normalizeName(value)) : next
    }, data)
  let next = normalize(payload, fields)
  for (const [list, names] of Object.entries(lists)) {
    const items = next[list]
    if (!Array.isArray(items)) continue
    next = {
      ...next,
      [list]: items.map((item) =>
        item && typeof item === 'object' && !Array.isArray(item) ? normalize(item, names) : item,
      ),
    }
  }
  return next
}

/** The request as sent: without empty values (product-spec section 5). */
export function requestBody(payload: Payload): Payload {
  return (withoutEmpty(payload) as Payload | undefined) ?? {}
}

/** The next free id of a list of items with ids (a new person of personList). */
export function nextId(items: Json | undefined): number {
  const ids = (Array.isArray(items) ? items : []).map((item) =>
    item && typeof item === 'object' && !Array.isArray(item) ? Number(item.id) : 0,
  )
  return Math.max(0, ...ids.filter((id) => Number.isInteger(id))) + 1
}
