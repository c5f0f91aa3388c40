// Every number a request carries has bounds that fit where it goes: an id fits its 32-bit
// column (schemas/id32.schema.json), a page number a page, a status id its column or its
// enum. Without a maximum, 2^31 overflows an integer column and 2^63 or 1e308 reach a
// handler's assertion, each a 500 (docs/decisions.md, "Hostile input"). Codegen refuses a
// request number without both bounds, so an operation added later keeps the rule.
import { SpecError, type Json, type JsonObject } from './bundle-spec.ts'
import type { OperationEntry } from './operation-table.ts'

const schemaRef = '#/components/schemas/'

interface Unbounded {
  field: string
  kind: 'integer' | 'number'
  missing: 'minimum' | 'maximum'
}

/** Throws naming every request number of every operation that lacks a bound. */
export function checkRequestBounds(spec: JsonObject, table: OperationEntry[]): void {
  const components = (spec.components as JsonObject).schemas as JsonObject
  const problems: string[] = []
  for (const entry of table) {
    const operation = ((spec.paths as JsonObject)[entry.path] as JsonObject)[
      entry.method.toLowerCase()
    ] as JsonObject
    for (const { field, kind, missing } of unboundedNumbers(operation, components)) {
      problems.push(
        `${entry.operationId}: request field ${field} is ${kind === 'integer' ? 'an integer' : 'a number'} without a ${missing}; ` +
          'give it bounds that fit its column (ids: $ref schemas/id32.schema.json)',
      )
    }
  }
  if (problems.length > 0) throw new SpecError(problems.join('\n'))
}

function unboundedNumbers(operation: JsonObject, components: JsonObject): Unbounded[] {
  const found: Unbounded[] = []
  const parameters = (operation.parameters ?? []) as JsonObject[]
  for (const parameter of parameters) {
    walk(parameter.schema, String(parameter.name), [])
  }
  const content = ((operation.requestBody as JsonObject | undefined)?.content ?? {}) as JsonObject
  for (const media of Object.values(content)) walk((media as JsonObject).schema, '', [])
  return found

  /** `seen` holds the component schemas on the way here, so a recursive schema ends. */
  function walk(node: Json | undefined, field: string, seen: string[]): void {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return
    const ref = node.$ref
    if (typeof ref === 'string' && ref.startsWith(schemaRef)) {
      const name = ref.slice(schemaRef.length)
      if (!seen.includes(name)) walk(components[name], field, [...seen, name])
    }
    checkNumber(node, field)
    const properties = (node.properties ?? {}) as JsonObject
    for (const [name, child] of Object.entries(properties)) {
      walk(child, field === '' ? name : `${field}.${name}`, seen)
    }
    walk(node.items, `${field}[]`, seen)
    if (typeof node.additionalProperties === 'object') {
      walk(node.additionalProperties, `${field}.*`, seen)
    }
    for (const key of ['allOf', 'anyOf', 'oneOf', 'prefixItems']) {
      for (const part of (node[key] ?? []) as Json[]) walk(part, field, seen)
    }
  }

  function checkNumber(node: JsonObject, field: string): void {
    const types = Array.isArray(node.type) ? node.type : [node.type]
    if (!types.includes('integer') && !types.includes('number')) return
    // An enum or a const is its own bound.
    if (Array.isArray(node.enum) || node.const !== undefined) return
    const at = {
      field: field === '' ? 'body' : field,
      kind: types.includes('integer') ? 'integer' : 'number',
    } as const
    if (node.minimum === undefined && node.exclusiveMinimum === undefined) {
      found.push({ ...at, missing: 'minimum' })
    }
    if (node.maximum === undefined && node.exclusiveMaximum === undefined) {
      found.push({ ...at, missing: 'maximum' })
    }
  }
}
