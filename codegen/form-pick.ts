// Parts of a request schema as forms of their own (the wizard's sections and item forms,
// codegen/wizard-forms.ts): the request's fields a section names, dotted for a part of an
// object, with the rules that concern only those fields. Objects are flattened (their allOf
// parts merged) so a form, its validator and the conditions derived from its if/then all see
// one object per level. Pure, so it is tested without the spec.
import type { Json, JsonObject } from './bundle-spec.ts'

interface FlatObject {
  properties: JsonObject
  required: string[]
  /** if/then/else and not parts, kept only while every field they name is picked. */
  rules: JsonObject[]
}

const isObject = (node: Json | undefined): node is JsonObject =>
  node !== null && typeof node === 'object' && !Array.isArray(node)

/** An object schema with its allOf parts merged into one level. */
export function flatObject(schema: JsonObject): FlatObject {
  const flat: FlatObject = {
    properties: { ...((schema.properties as JsonObject | undefined) ?? {}) },
    required: [...((schema.required as string[] | undefined) ?? [])],
    rules: [],
  }
  if (schema.if !== undefined) {
    const { if: condition, then, else: otherwise } = schema
    flat.rules.push({
      if: condition!,
      ...(then !== undefined && { then }),
      ...(otherwise !== undefined && { else: otherwise }),
    })
  }
  if (schema.not !== undefined) flat.rules.push({ not: schema.not })
  for (const part of (schema.allOf as Json[] | undefined) ?? []) {
    if (!isObject(part)) continue
    const inner = flatObject(part)
    Object.assign(flat.properties, inner.properties)
    flat.required.push(...inner.required.filter((name) => !flat.required.includes(name)))
    flat.rules.push(...inner.rules)
  }
  return flat
}

/** Every field name a rule mentions: in required lists and properties, at any depth. */
function namesIn(node: Json, names = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((item) => namesIn(item, names))
  if (!isObject(node)) return names
  for (const name of (node.required as string[] | undefined) ?? []) names.add(name)
  for (const name of Object.keys((node.properties as JsonObject | undefined) ?? {})) names.add(name)
  for (const key of ['if', 'then', 'else', 'not', 'allOf', 'anyOf', 'oneOf'])
    if (node[key] !== undefined) namesIn(node[key]!, names)
  return names
}

/** An object's schema; a string with allOf parts (an amount's rules) is not one. */
const isObjectSchema = (node: Json | undefined): node is JsonObject =>
  isObject(node) &&
  (node.type === 'object' ||
    (node.type === undefined && (node.properties !== undefined || node.allOf !== undefined)))

/** The fields under one name: "company.address.city" -> { company: ["address.city"] }. */
function byHead(paths: string[]): Map<string, string[]> {
  const heads = new Map<string, string[]>()
  for (const path of paths) {
    const [head, ...rest] = path.split('.') as [string, ...string[]]
    const list = heads.get(head) ?? []
    list.push(rest.join('.'))
    heads.set(head, list)
  }
  return heads
}

/**
 * The object schema of only these fields (dotted for a part of an object; a name alone takes
 * the whole field), without the omitted ones. Required names and rules follow the fields.
 */
export function pickFields(schema: JsonObject, fields: string[], omit: string[] = []): JsonObject {
  const flat = flatObject(schema)
  const omitted = byHead(omit)
  const properties: JsonObject = {}
  for (const [name, rests] of byHead(fields)) {
    const property = flat.properties[name]
    if (property === undefined) continue
    const whole = rests.includes('')
    const inner = (omitted.get(name) ?? []).filter((rest) => rest !== '')
    if (omitted.get(name)?.includes('')) continue
    if (!isObjectSchema(property)) properties[name] = property
    else {
      const names = whole ? Object.keys(flatObject(property).properties) : rests
      properties[name] = pickFields(property, names, inner)
    }
  }
  const kept = Object.keys(properties)
  const required = flat.required.filter((name) => kept.includes(name))
  const rules = flat.rules.filter((rule) => [...namesIn(rule)].every((n) => kept.includes(n)))
  return {
    type: 'object',
    properties,
    ...(required.length > 0 && { required }),
    ...(rules.length > 0 && { allOf: rules }),
  }
}

/** The form of one item of a list field (personList), without the omitted item fields. */
export function pickItem(schema: JsonObject, list: string, omit: string[] = []): JsonObject {
  const items = propertyPath(schema, list)?.items
  if (!isObject(items)) return { type: 'object', properties: {} }
  return pickFields(items, Object.keys(flatObject(items).properties), omit)
}

/**
 * The schema of a dotted field, through allOf parts and into a list's items, so the fields
 * of list items are named through the list (personList.email).
 */
export function propertyPath(schema: JsonObject, path: string): JsonObject | undefined {
  let node: JsonObject | undefined = schema
  for (const part of path.split('.')) {
    if (!node) return undefined
    if (node.type === 'array' && isObject(node.items)) node = node.items
    const found: Json | undefined = flatObject(node).properties[part]
    node = isObject(found) ? found : undefined
  }
  return node
}

export interface Condition {
  field: string
  equals?: Json
  filled?: boolean
}

/**
 * What a picked form's if/then rules say about showing fields: a field the else part forbids
 * shows only while the condition holds (tinMissingReason while noTaxId is true); a field the
 * then part forbids shows only while a true flag is off (taxId while noTaxId is not set).
 */
export function derivedConditions(schema: JsonObject, prefix = ''): Record<string, Condition> {
  const out: Record<string, Condition> = {}
  for (const rule of (schema.allOf as JsonObject[] | undefined) ?? []) {
    const condition = rule.if as JsonObject | undefined
    const names = (condition?.required as string[] | undefined) ?? []
    if (!condition || names.length !== 1) continue
    const field = names[0]!
    const value = ((condition.properties as JsonObject | undefined)?.[field] as JsonObject)?.const
    if (value === undefined) continue
    const forbidden = (part: Json | undefined) =>
      ((((part as JsonObject | undefined)?.not as JsonObject | undefined)?.required as
        string[] | undefined) ?? []) as string[]
    for (const name of forbidden(rule.else))
      out[`${prefix}${name}`] = { field: `${prefix}${field}`, equals: value }
    if (value === true)
      for (const name of forbidden(rule.then))
        out[`${prefix}${name}`] = { field: `${prefix}${field}`, filled: false }
  }
  for (const [name, property] of Object.entries(
    (schema.properties as JsonObject | undefined) ?? {},
  )) {
    if (isObject(property) && property.type === 'object')
      Object.assign(out, derivedConditions(property, `${prefix}${name}.`))
  }
  return out
}

/** The entries of a map keyed by dotted fields under a root, keyed from that root. */
export function underRoot<T>(map: Record<string, T>, root: string): Record<string, T> {
  if (root === '') return { ...map }
  const prefix = `${root}.`
  return Object.fromEntries(
    Object.entries(map)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  )
}

/** Whether a dotted field lies in a form of these fields (itself or a part of one). */
export function withinFields(path: string, fields: string[]): boolean {
  return fields.some((field) => path === field || path.startsWith(`${field}.`))
}

/**
 * The widgets a form's fields need beyond their type: a required yes-or-no question with no
 * default is asked with both answers in sight, so "no" is an answer and not a box left empty.
 */
export function questionWidgets(schema: JsonObject, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {}
  const required = (schema.required as string[] | undefined) ?? []
  for (const [name, property] of Object.entries(
    (schema.properties as JsonObject | undefined) ?? {},
  )) {
    if (!isObject(property)) continue
    if (property.type === 'boolean' && required.includes(name) && property.default === undefined)
      out[`${prefix}${name}`] = 'RadioWidget'
    if (property.type === 'object')
      Object.assign(out, questionWidgets(property, `${prefix}${name}.`))
  }
  return out
}
