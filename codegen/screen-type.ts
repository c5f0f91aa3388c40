// The TypeScript type of a screen description (spec/screens/*.yaml), written from
// schemas/screen.schema.json so that codegen and the portal's renderer read one definition
// instead of each keeping its own copy. The schema uses a small part of JSON Schema (objects,
// arrays, strings with enums, integers, booleans, local $defs); anything else is a codegen
// error, so a new keyword in the schema cannot be silently typed wrong.
import { SpecError, type Json, type JsonObject } from './bundle-spec.ts'

/** The declarations of the schema's $defs and of its root, named by the root's title. */
export function schemaTypeModule(schema: JsonObject, header: string): string {
  const defs = (schema.$defs ?? {}) as JsonObject
  const title = String(schema.title)
  const declarations = [
    '/** Any JSON value: what a screen passes through to an operation unchanged. */\n' +
      'export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }',
    ...Object.entries(defs).map(([name, def]) => declaration(pascalCase(name), def as JsonObject)),
    declaration(title, schema),
  ]
  return `${header}\n${declarations.join('\n\n')}\n`
}

function declaration(name: string, schema: JsonObject): string {
  const doc = typeof schema.description === 'string' ? `/** ${schema.description} */\n` : ''
  return `${doc}export type ${name} = ${typeOf(schema, '')}`
}

function pascalCase(name: string): string {
  return name[0]!.toUpperCase() + name.slice(1)
}

const known = new Set([
  '$schema',
  '$id',
  '$defs',
  'title',
  'description',
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'pattern',
  'minimum',
  'minItems',
  'default',
  'oneOf',
  '$ref',
])

function typeOf(schema: Json, indent: string): string {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) {
    throw new SpecError('screen.schema.json: every subschema must be an object')
  }
  const unknown = Object.keys(schema).filter((key) => !known.has(key))
  if (unknown.length > 0) {
    throw new SpecError(`screen.schema.json: the type writer does not know ${unknown.join(', ')}`)
  }
  if (typeof schema.$ref === 'string') {
    return pascalCase(schema.$ref.replace('#/$defs/', ''))
  }
  if (Array.isArray(schema.enum)) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  switch (schema.type) {
    case 'string':
      return 'string'
    case 'integer':
    case 'number':
      return 'number'
    case 'boolean':
      return 'boolean'
    case 'array':
      return `${wrap(typeOf(schema.items ?? {}, indent))}[]`
    case 'object':
      return objectType(schema, indent)
    case undefined:
      // One of several kinds (a dictionary or a list of the row): their union.
      if (Array.isArray(schema.oneOf))
        return schema.oneOf.map((member) => wrap(typeOf(member, indent))).join(' | ')
      // An unconstrained value ({}): whatever JSON the author wrote.
      if (Object.keys(schema).every((key) => key === 'description')) return 'Json'
  }
  throw new SpecError(`screen.schema.json: no type for ${JSON.stringify(schema)}`)
}

function wrap(type: string): string {
  return type.includes('|') && !type.startsWith('{') ? `(${type})` : type
}

function objectType(schema: JsonObject, indent: string): string {
  const properties = (schema.properties ?? {}) as JsonObject
  const required = (schema.required ?? []) as string[]
  const extra = schema.additionalProperties
  const inner = `${indent}  `
  const lines = Object.entries(properties).map(([name, property]) => {
    const description = (property as JsonObject).description
    const doc = typeof description === 'string' ? `${inner}/** ${description} */\n` : ''
    const optional = required.includes(name) ? '' : '?'
    return `${doc}${inner}${name}${optional}: ${typeOf(property, inner)}`
  })
  if (extra !== false) {
    const value = extra === undefined || extra === true ? 'Json' : typeOf(extra, inner)
    lines.push(`${inner}[key: string]: ${value}`)
  }
  return `{\n${lines.join('\n')}\n${indent}}`
}
