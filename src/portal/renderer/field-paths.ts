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

/** The conditions of the fields of a list's items, by list (dotted), each keyed by item field. */
export type ListConditions = Record<string, Record<string, VisibleWhen>>

type SchemaNode = { [key: string]: Json }

/** The schema of an object's property, through its allOf parts. */
function propertyOf(node: SchemaNode | undefined, name: string): SchemaNode | undefined {
  if (!node) return undefined
  for (const part of [node, ...((node.allOf as SchemaNode[] | undefined) ?? [])]) {
    const found = (part.properties as Record<string, SchemaNode> | undefined)?.[name]
    if (found) return found
  }
  return undefined
}

/** The longest list (dotted, an array of objects in the schema) a dotted field lies in, or ''. */
function listOf(schema: SchemaNode, field: string): string {
  let node: SchemaNode | undefined = schema
  let list = ''
  const parts = field.split('.')
  parts.slice(0, -1).forEach((part, i) => {
    node = propertyOf(node, part)
    if (node?.type === 'array' && isRecord(node.items as Json)) {
      list = parts.slice(0, i + 1).join('.')
      node = node.items as SchemaNode
    }
  })
  return list
}

/**
 * A form's conditions split in two: those of its own fields, and those of the fields of a
 * list's items whose condition reads a field of the same item (taxIds.taxId shown while
 * taxIds.tinMissingReason is empty), which hold item by item and are keyed from the item.
 */
export function splitConditions(
  schema: SchemaNode,
  conditions: Record<string, VisibleWhen> | undefined,
): { plain: Record<string, VisibleWhen> | undefined; lists: ListConditions } {
  if (!conditions) return { plain: undefined, lists: {} }
  const plain: Record<string, VisibleWhen> = {}
  const lists: ListConditions = {}
  for (const [name, condition] of Object.entries(conditions)) {
    const list = listOf(schema, name)
    if (list === '' || !condition.field.startsWith(`${list}.`)) plain[name] = condition
    else
      (lists[list] ??= {})[name.slice(list.length + 1)] = {
        ...condition,
        field: condition.field.slice(list.length + 1),
      }
  }
  return { plain, lists }
}

/** The data with each item of the list at a dotted path (through lists on the way) mapped. */
function mapItems(data: Data, path: string[], map: (item: Data) => Data): Data {
  const [head, ...rest] = path as [string, ...string[]]
  const value = data[head]
  let next: Json | undefined = value
  if (Array.isArray(value)) {
    const items = value.map((item) =>
      isRecord(item) ? (rest.length > 0 ? mapItems(item, rest, map) : map(item)) : item,
    )
    if (items.some((item, i) => item !== value[i])) next = items
  } else if (isRecord(value) && rest.length > 0) next = mapItems(value, rest, map)
  return next === value ? data : { ...data, [head]: next as Json }
}

/** The data without the values of the list items' hidden fields (the same object if none). */
export function withoutHiddenItems(data: Data, lists: ListConditions): Data {
  let out = data
  for (const [list, conditions] of Object.entries(lists))
    out = mapItems(out, list.split('.'), (item) => withoutHidden(item, conditions))
  return out
}

/** Whether a field named with its items' indexes (taxIds.0.taxId) is shown in its item. */
export function isShownInItems(path: string, data: Data, lists: ListConditions): boolean {
  const parts = path.split('.')
  return parts.every((part, i) => {
    if (i === 0 || !/^\d+$/.test(part) || i + 1 >= parts.length) return true
    const list = parts
      .slice(0, i)
      .filter((p) => !/^\d+$/.test(p))
      .join('.')
    const conditions = lists[list]
    const item = valueAt(data, parts.slice(0, i + 1).join('.'))
    return !conditions || !isRecord(item) || isVisible(parts[i + 1]!, item, conditions)
  })
}
