// Turns precompiled-validator errors into the VF list of refused fields, each a refusal of the
// catalogue ("refusal.validation") that the dispatcher renders in the reader's language.
import type { ValidationIssue } from '../../generated/validators.js'
import { refusal, type FieldError, type RefusalKey } from './outcome.ts'

/** The formats of the spec that have a word of their own. */
const formatKeys: Record<string, RefusalKey> = {
  date: 'refusal.validation.format.date',
  'date-time': 'refusal.validation.format.dateTime',
  email: 'refusal.validation.format.email',
  uri: 'refusal.validation.format.uri',
  'uri-reference': 'refusal.validation.format.uri',
  uuid: 'refusal.validation.format.uuid',
}

/** The JSON types, as a person names them. */
const typeKeys: Record<string, RefusalKey> = {
  string: 'refusal.validation.type.string',
  integer: 'refusal.validation.type.integer',
  number: 'refusal.validation.type.number',
  boolean: 'refusal.validation.type.boolean',
  object: 'refusal.validation.type.object',
  array: 'refusal.validation.type.array',
}

/** A keyword whose refusal names its limit (a count or a number). */
const limitKeys: Record<string, RefusalKey> = {
  minLength: 'refusal.validation.minLength',
  maxLength: 'refusal.validation.maxLength',
  minItems: 'refusal.validation.minItems',
  maxItems: 'refusal.validation.maxItems',
  minProperties: 'refusal.validation.minItems',
  maxProperties: 'refusal.validation.maxItems',
  minimum: 'refusal.validation.minimum',
  maximum: 'refusal.validation.maximum',
  exclusiveMinimum: 'refusal.validation.exclusiveMinimum',
  exclusiveMaximum: 'refusal.validation.exclusiveMaximum',
}

/** The keywords whose refusal needs no parameter. */
const plainKeys: Record<string, RefusalKey> = {
  required: 'refusal.validation.required',
  dependentRequired: 'refusal.validation.required',
  additionalProperties: 'refusal.validation.notAllowed',
  unevaluatedProperties: 'refusal.validation.notAllowed',
  propertyNames: 'refusal.validation.notAllowed',
  // An enum's allowed values are codes, not words: the sentence does not list them.
  enum: 'refusal.validation.notAllowedValue',
  const: 'refusal.validation.notAllowedValue',
  pattern: 'refusal.validation.pattern',
  uniqueItems: 'refusal.validation.uniqueItems',
}

function describe(parameter: string, issue: ValidationIssue): FieldError {
  const { keyword, params } = issue
  const plain = plainKeys[keyword]
  if (plain) return refusal(parameter, plain)
  if (keyword === 'minLength' && params.limit === 1)
    return refusal(parameter, 'refusal.validation.empty')
  const limit = limitKeys[keyword]
  if (limit && typeof params.limit === 'number') {
    return refusal(parameter, limit, { limit: params.limit })
  }
  if (keyword === 'format') {
    return refusal(parameter, formatKeys[String(params.format)] ?? 'refusal.validation.pattern')
  }
  if (keyword === 'type') {
    const type = String(params.type).split(',')[0] ?? ''
    return refusal(parameter, typeKeys[type] ?? 'refusal.validation.invalid')
  }
  return refusal(parameter, 'refusal.validation.invalid')
}

function parameterOf(issue: ValidationIssue): string {
  const path = issue.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
  const extra = issue.params.missingProperty ?? issue.params.additionalProperty
  if (typeof extra === 'string') path.push(extra)
  return path.join('.') || 'body'
}

export function fieldErrors(issues: ValidationIssue[] | null | undefined): FieldError[] {
  const seen = new Set<string>()
  const errors: FieldError[] = []
  for (const issue of issues ?? []) {
    // anyOf/oneOf branches repeat a field; the first description is the useful one. A failed
    // if/then names the field in its then-branch error; the "must match then" adds nothing.
    if (issue.keyword === 'anyOf' || issue.keyword === 'oneOf' || issue.keyword === 'if') continue
    const parameter = parameterOf(issue)
    if (seen.has(parameter)) continue
    seen.add(parameter)
    errors.push(describe(parameter, issue))
  }
  return errors.length > 0 ? errors : [refusal('body', 'refusal.validation.invalid')]
}
