// Reads the query parameters of the public-api list operations. The dispatcher does not
// validate query strings yet (decisions.md), so each reader checks its value against the
// same rule as the spec and collects VF field errors naming the parameter.
import type { FieldError } from '../rpc/outcome.ts'

export type Query = Record<string, unknown>

const idPattern = /^[1-9][0-9]{0,9}$/
const datePattern = /^\d{4}-\d{2}-\d{2}$/
const integerPattern = /^-?\d{1,9}$/

function single(query: Query, name: string, errors: FieldError[]): string | undefined {
  const value = query[name]
  if (value === undefined) return undefined
  if (typeof value !== 'string') {
    errors.push({ parameter: name, description: 'must be given once' })
    return undefined
  }
  return value
}

export function queryId(
  query: Query,
  name: string,
  errors: FieldError[],
  options: { required?: boolean } = {},
): number | undefined {
  const value = single(query, name, errors)
  if (value === undefined) {
    if (options.required && query[name] === undefined) {
      errors.push({ parameter: name, description: 'is required' })
    }
    return undefined
  }
  const id = Number(value)
  if (!idPattern.test(value) || id > 2 ** 31 - 1) {
    errors.push({ parameter: name, description: 'must be an id' })
    return undefined
  }
  return id
}

/** A calendar date (yyyy-mm-dd) that exists. */
export function queryDate(query: Query, name: string, errors: FieldError[]): string | undefined {
  const value = single(query, name, errors)
  if (value === undefined) return undefined
  const parsed = new Date(`${value}T00:00:00Z`)
  if (!datePattern.test(value) || Number.isNaN(parsed.getTime())) {
    errors.push({ parameter: name, description: 'must be a date (yyyy-mm-dd)' })
    return undefined
  }
  if (parsed.toISOString().slice(0, 10) !== value) {
    errors.push({ parameter: name, description: 'must be a date (yyyy-mm-dd)' })
    return undefined
  }
  return value
}

export function queryInteger(
  query: Query,
  name: string,
  errors: FieldError[],
  rule: { minimum: number; maximum: number; fallback: number },
): number {
  const value = single(query, name, errors)
  if (value === undefined) return rule.fallback
  const number = Number(value)
  if (!integerPattern.test(value) || number < rule.minimum || number > rule.maximum) {
    errors.push({
      parameter: name,
      description: `must be an integer from ${rule.minimum} to ${rule.maximum}`,
    })
    return rule.fallback
  }
  return number
}

export function queryText(
  query: Query,
  name: string,
  errors: FieldError[],
  maxLength: number,
): string | undefined {
  const value = single(query, name, errors)
  if (value === undefined) return undefined
  if (value.length > maxLength) {
    errors.push({ parameter: name, description: `must be at most ${maxLength} characters` })
    return undefined
  }
  return value
}

/** fromDate and toDate as a half-open interval of instants (UTC days, toDate included). */
export function dateWindow(
  fromDate: string | undefined,
  toDate: string | undefined,
  errors: FieldError[],
): { from?: Date; before?: Date } {
  if (fromDate !== undefined && toDate !== undefined && toDate < fromDate) {
    errors.push({ parameter: 'toDate', description: 'must not come before fromDate' })
  }
  return {
    ...(fromDate !== undefined ? { from: new Date(`${fromDate}T00:00:00Z`) } : {}),
    ...(toDate !== undefined
      ? { before: new Date(new Date(`${toDate}T00:00:00Z`).getTime() + 86_400_000) }
      : {}),
  }
}
