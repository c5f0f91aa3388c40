// Dotted field names ("company.address.city") over form data: reading, writing and removing a
// value, and whether a conditional field is shown. Shared by the schema form and the wizard,
// whose sections are parts of one request named the same way.
import type { Json, VisibleWhen } from './screens-data.ts'

type Data = Record<string, Json>

const isRecord = (value: Json | undefined): value is Data =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** The value at a dotted path; list items are named by their index (personList.0.email). */
export function valueAt(data: Json | undefined, path: string): Json | undefined {
  let node: Json | undefined = data
  for (const part of path.split('.')) {
    if (Array.isArray(node)) node = node[Number(part)]
    else if (isRecord(node)) node = node[part]
    else return undefined
  }
  return node
}

/** A copy of the data with the value at a dotted path set, creating objects on the way. */
export function withValueAt(data: Data, path: string, value: Json | undefined): Data {
  const [head, ...rest] = path.split('.') as [string, ...string[]]
  const copy: Data = { ...data }
  if (rest.length === 0) {
    if (value === undefined) delete copy[head]
    else copy[head] = value
    return copy
  }
  const inner = copy[head]
  copy[head] = withValueAt(isRecord(inner) ? inner : {}, rest.join('.'), value)
  return copy
}

/** Whether a conditional field is shown for the data as it stands. */
export function isVisible(
  name: string,
  data: Data,
  conditions: Record<string, VisibleWhen> | undefined,
): boolean {
  const condition = conditions?.[name]
  if (!condition) return true
  // A runtime form's own key may hold a dot (a transfer's extra parameter); it is that key.
  const value = condition.field in data ? data[condition.field] : valueAt(data, condition.field)
  if (condition.equals !== undefined) return value === condition.equals
  if (condition.in !== undefined) return condition.in.includes(value as Json)
  const filled = value !== undefined && value !== null && value !== '' && value !== false
  return condition.filled === false ? !filled : filled
}

/** Whether a field and every object holding it are shown. */
export function isShown(
  path: string,
  data: Data,
  conditions: Record<string, VisibleWhen> | undefined,
): boolean {
  const parts = path.split('.')
  return parts.every((_, i) => isVisible(parts.slice(0, i + 1).join('.'), data, conditions))
}

/** The data without the values of hidden fields: what is hidden is never sent. */
export function withoutHidden(
  data: Data,
  conditions: Record<string, VisibleWhen> | undefined,
): Data {
  if (!conditions) return data
  let out = data
  for (const name of Object.keys(conditions)) {
    if (isVisible(name, data, conditions)) continue
    if (name in out) {
      const { [name]: _hidden, ...rest } = out
      out = rest
    } else if (valueAt(out, name) !== undefined) out = withValueAt(out, name, undefined)
  }
  return out
}

/**
 * The data without empty values: empty strings, nulls, and objects and lists left empty
 * (product-spec section 5: empty values are dropped from payloads). An optional object a
 * person started and cleared (a phone) is then not checked for the parts it would require.
 */
export function withoutEmpty(value: Json): Json | undefined {
  if (value === null || value === '') return undefined
  if (Array.isArray(value)) {
    const items = value.map(withoutEmpty).filter((item) => item !== undefined)
    return items.length > 0 ? items : undefined
  }
  if (!isRecord(value)) return value
  const entries = Object.entries(value)
    .map(([key, item]) => [key, withoutEmpty(item)] as const)
    .filter(([, item]) => item !== undefined)
  return entries.length > 0 ? (Object.fromEntries(entries) as Data) : undefined
}
