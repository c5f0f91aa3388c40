// Turns precompiled-validator errors into the VF list of {parameter, description}.
import type { ValidationIssue } from '../../generated/validators.js'
import type { FieldError } from './outcome.ts'

function describe(issue: ValidationIssue): string {
  const params = issue.params
  switch (issue.keyword) {
    case 'required':
      return 'is required'
    case 'additionalProperties':
      return 'is not allowed'
    case 'format':
      return `must be a valid ${String(params.format)}`
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).join(', ')}`
    case 'pattern':
      return 'has an invalid format'
    default:
      return issue.message ?? 'is invalid'
  }
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
    errors.push({ parameter, description: describe(issue) })
  }
  return errors.length > 0 ? errors : [{ parameter: 'body', description: 'is invalid' }]
}
