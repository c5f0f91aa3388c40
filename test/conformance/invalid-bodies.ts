// Generates request bodies that break one rule of an operation's request schema, starting
// from a valid body (the operation's happy path): a missing required field, a wrong type, a
// number out of range, a string too long or too short, a bad format or pattern, a value
// outside an enum, an unknown field, or a body that is not an object at all. Hostile input
// too (issue 11): text with a NUL or a lone UTF-16 surrogate, which the schema allows but the
// database cannot hold, and integers far past any column (2^31, 2^53, 2^63, 1e308, -2^63).
// Each case names the field the server's VF answer must name.
import fc from 'fast-check'

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type Schema = { [key: string]: unknown }

export interface InvalidCase {
  kind: string
  /** The dotted field the VF answer must name ('body' for the body as a whole). */
  field: string
  body: Json
}

export type SchemaResolver = (schema: Schema) => Schema

/** Follows $ref and merges allOf so a schema's properties and rules can be read directly. */
export function makeResolver(components: Record<string, Schema>): SchemaResolver {
  const resolve = (schema: Schema, depth = 0): Schema => {
    if (depth > 20) return schema
    if (typeof schema.$ref === 'string') {
      const name = schema.$ref.replace('#/components/schemas/', '')
      const { $ref: _ref, ...rest } = schema
      return resolve({ ...(components[name] ?? {}), ...rest }, depth + 1)
    }
    if (Array.isArray(schema.allOf)) {
      const { allOf, ...rest } = schema
      let merged: Schema = { ...rest }
      for (const part of allOf as Schema[]) {
        const r = resolve(part, depth + 1)
        merged = {
          ...r,
          ...merged,
          properties: { ...(r.properties as object), ...(merged.properties as object) },
          required: [...((r.required as string[]) ?? []), ...((merged.required as string[]) ?? [])],
        }
      }
      return merged
    }
    return schema
  }
  return resolve
}

const typeSamples: Record<string, Json[]> = {
  string: [12345, true, { nested: 'object' }, ['list']],
  integer: ['not-a-number', 1.5, true, { n: 1 }],
  number: ['not-a-number', true, [1]],
  boolean: ['yes', 1, { b: true }],
  array: ['not-a-list', 7, { a: 1 }],
  object: ['not-an-object', 42, [1, 2]],
}

/** Past every 32-bit column, past JavaScript's safe integers, past bigint, past everything. */
export const hugeIntegers = [2 ** 31, 2 ** 53, 2 ** 63, 1e308, -(2 ** 63)]

/** Characters PostgreSQL refuses in text (NUL) and that are no Unicode (lone surrogates). */
const unstorable = ['\u0000', '\ud800', '\udbff', '\udc00', '\udfff']

/** A valid value with an unstorable character in its middle. */
function spoiled(value: Json | undefined, character: string): string {
  const text = typeof value === 'string' && value !== '' ? value : 'text'
  const middle = Math.floor(text.length / 2)
  return `${text.slice(0, middle)}${character}${text.slice(middle)}`
}

const formatSamples: Record<string, string[]> = {
  email: ['not-an-email', 'a@', '@example.com', 'two@@example.com'],
  date: ['2024-13-45', 'yesterday', '31/12/2024'],
  'date-time': ['yesterday', '2024-02-30T10:00:00Z', '2024-01-01 25:00'],
  uri: ['not a uri', '://missing-scheme'],
  hostname: ['-bad-.example', 'spaces are not allowed'],
  uuid: ['not-a-uuid'],
}

function setPath(body: Json, path: string[], value: Json | undefined): Json {
  if (path.length === 0) return value ?? null
  const [head, ...rest] = path as [string, ...string[]]
  const copy: { [key: string]: Json } =
    body !== null && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {}
  if (rest.length === 0) {
    if (value === undefined) delete copy[head]
    else
      Object.defineProperty(copy, head, {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      })
    return copy
  }
  copy[head] = setPath(copy[head] ?? {}, rest, value)
  return copy
}

function typeOf(schema: Schema): string | undefined {
  if (typeof schema.type === 'string') return schema.type
  if (schema.properties) return 'object'
  if (schema.enum || schema.const !== undefined) return undefined
  return undefined
}

/** Every single-rule violation reachable from the valid body, two object levels deep. */
export function invalidCases(
  schema: Schema,
  validBody: Json,
  resolve: SchemaResolver,
): InvalidCase[] {
  const cases: InvalidCase[] = []
  const root = resolve(schema)
  for (const notObject of [[], 'a string', 42, null] as Json[]) {
    cases.push({ kind: 'not an object', field: 'body', body: notObject })
  }
  collect(root, validBody, [], 0)
  return cases

  function collect(objectSchema: Schema, value: Json, path: string[], depth: number): void {
    const properties = (objectSchema.properties ?? {}) as Record<string, Schema>
    const required = (objectSchema.required as string[] | undefined) ?? []
    const current = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as {
      [key: string]: Json
    }
    const at = (name: string) => [...path, name]
    const field = (name: string) => at(name).join('.')
    for (const name of required) {
      if (name in current) {
        cases.push({
          kind: 'missing required',
          field: field(name),
          body: setPath(validBody, at(name), undefined),
        })
      }
    }
    if (objectSchema.additionalProperties === false) {
      cases.push({
        kind: 'unknown field',
        field: field('unexpectedField'),
        body: setPath(validBody, at('unexpectedField'), 'surprise'),
      })
    }
    for (const [name, raw] of Object.entries(properties)) {
      const property = resolve(raw)
      const put = (kind: string, v: Json) =>
        cases.push({ kind, field: field(name), body: setPath(validBody, at(name), v) })
      const type = typeOf(property)
      for (const sample of typeSamples[type ?? ''] ?? []) put('wrong type', sample)
      if (type === 'string') {
        put('NUL in text', spoiled(current[name], '\u0000'))
        put('lone surrogate in text', spoiled(current[name], '\ud800'))
      }
      if (type === 'array' && resolve((property.items ?? {}) as Schema).type === 'string') {
        put('NUL in a list item', [spoiled(undefined, '\u0000')])
      }
      if (type === 'integer' || type === 'number') {
        for (const huge of hugeIntegers) put('huge integer', huge)
      }
      if (Array.isArray(property.enum)) {
        const sample = typeof property.enum[0] === 'number' ? 987654 : 'not-in-the-list'
        if (!property.enum.includes(sample)) put('unknown enum', sample)
      }
      if (typeof property.minimum === 'number') put('below minimum', property.minimum - 1)
      if (typeof property.exclusiveMinimum === 'number')
        put('at exclusive minimum', property.exclusiveMinimum)
      if (typeof property.maximum === 'number') put('above maximum', property.maximum + 1)
      if (typeof property.exclusiveMaximum === 'number')
        put('at exclusive maximum', property.exclusiveMaximum)
      if (typeof property.maxLength === 'number')
        put('too long', 'x'.repeat(property.maxLength + 1))
      if (typeof property.minLength === 'number' && property.minLength > 0) {
        put('too short', 'x'.repeat(property.minLength - 1))
      }
      if (typeof property.maxItems === 'number') {
        put(
          'too many items',
          Array.from({ length: property.maxItems + 1 }, () => null),
        )
      }
      if (typeof property.minItems === 'number' && property.minItems > 0) put('too few items', [])
      if (typeof property.format === 'string') {
        for (const sample of formatSamples[property.format] ?? []) put('bad format', sample)
      }
      if (typeof property.pattern === 'string') {
        const pattern = new RegExp(property.pattern, 'u')
        for (const sample of ['', ' ', '!!!', '<script>', 'x'.repeat(300), 'ÄÖÜ']) {
          if (!pattern.test(sample)) {
            put('pattern mismatch', sample)
            break
          }
        }
      }
      if (type === 'object' && depth < 1 && current[name] !== undefined) {
        collect(property, current[name] ?? {}, at(name), depth + 1)
      }
    }
  }
}

/**
 * Keys the server's JSON parser refuses outright (prototype poisoning): a body carrying them
 * is answered VF "body", which is right but tests the parser, not the schema.
 */
const prototypeKeys = new Set(['__proto__', 'constructor', 'prototype'])

function withoutPrototypeKeys(value: unknown): boolean {
  return !/"(__proto__|constructor|prototype)"\s*:/.test(JSON.stringify(value))
}

/**
 * A fast-check arbitrary over the enumerated cases plus random extra fields with random
 * JSON values (for closed schemas), so every run explores more than the fixed list.
 */
export function invalidBodyArbitrary(
  schema: Schema,
  validBody: Json,
  resolve: SchemaResolver,
): fc.Arbitrary<InvalidCase> {
  const fixed = invalidCases(schema, validBody, resolve)
  const root = resolve(schema)
  const known = new Set(Object.keys((root.properties ?? {}) as object))
  const arbitraries: fc.Arbitrary<InvalidCase>[] = [fc.constantFrom(...fixed)]
  if (root.additionalProperties === false) {
    const name = fc
      .string({ minLength: 1, maxLength: 24 })
      .filter((key) => !known.has(key) && !/[./~]/.test(key) && !prototypeKeys.has(key))
    arbitraries.push(
      fc
        .record({ name, value: fc.jsonValue({ maxDepth: 2 }).filter(withoutPrototypeKeys) })
        .map(({ name: key, value }) => ({
          kind: 'random unknown field',
          field: key,
          body: setPath(validBody, [key], value as Json),
        })),
    )
  }
  const strings = Object.entries((root.properties ?? {}) as Record<string, Schema>).filter(
    ([, s]) => {
      const r = resolve(s)
      return (
        r.type === 'string' &&
        (typeof r.pattern === 'string' || typeof r.format === 'string' || r.enum)
      )
    },
  )
  const allStrings = Object.entries((root.properties ?? {}) as Record<string, Schema>).filter(
    ([, s]) => resolve(s).type === 'string',
  )
  if (allStrings.length > 0) {
    // Any Unicode around a NUL or a lone surrogate: refused before validation, whatever else.
    const text = fc.string({ unit: 'binary', maxLength: 20 })
    arbitraries.push(
      fc
        .record({
          pick: fc.constantFrom(...allStrings),
          before: text,
          bad: fc.constantFrom(...unstorable),
          after: text,
        })
        .map(({ pick: [key], before, bad, after }) => ({
          kind: 'random unstorable text',
          field: key,
          body: setPath(validBody, [key], `${before}${bad}${after}`),
        })),
    )
  }
  if (strings.length > 0) {
    arbitraries.push(
      fc
        .record({ pick: fc.constantFrom(...strings), text: fc.string({ maxLength: 40 }) })
        .map(({ pick: [key], text }) => ({
          kind: 'random string',
          field: key,
          body: setPath(validBody, [key], text),
        })),
    )
  }
  return fc.oneof(...arbitraries)
}
