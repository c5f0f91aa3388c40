// The wizard's issues as people read them: the portal's key in their language, or the
// server's own words for a VF description the portal has no key for. A description of the
// shared rules (registrationIssueText) is shown in the person's language too.
import type { TFunction } from 'i18next'
import {
  registrationIssueText,
  type RegistrationIssueCode,
} from '../../../shared/registration-rules.ts'
import type { FieldError } from '../call-operation.ts'
import type { WizardIssue } from './wizard-checks.ts'

export function issueText(t: TFunction, issue: WizardIssue): string {
  if (issue.text !== undefined) return issue.text
  return t(issue.key, { ...issue.params, defaultValue: t('forms:errors.invalid') })
}

/** An issue shown away from its field: the field's name first (Captcha: is required). */
export function issueLine(t: TFunction, issue: WizardIssue): string {
  const name = issue.path
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .pop()
  const field = name ? t(`forms:fields.${name}`, { defaultValue: name }) : ''
  // The server's words and the schema's messages do not name the field; the rules' do.
  const unnamed = issue.text !== undefined || issue.key.startsWith('forms:')
  return field && unnamed ? `${field}: ${issueText(t, issue)}` : issueText(t, issue)
}

/** The issues as errors of a form whose fields start at `prefix` (personList.3.). */
export function fieldErrors(
  t: TFunction,
  issues: readonly WizardIssue[],
  prefix = '',
): FieldError[] {
  return issues
    .filter((issue) => issue.path.startsWith(prefix))
    .map((issue) => ({
      parameter: issue.path.slice(prefix.length),
      description: issueText(t, issue),
    }))
}

const codeOfText = new Map(
  Object.entries(registrationIssueText).map(([code, text]) => [
    text,
    code as RegistrationIssueCode,
  ]),
)

/** A VF answer's errors as issues at their payload paths. */
export function serverIssues(errors: readonly FieldError[]): WizardIssue[] {
  return errors.map((error) => {
    const code = codeOfText.get(error.description)
    return code
      ? { path: error.parameter, key: `registration:issues.${code}` }
      : { path: error.parameter, key: '', text: error.description }
  })
}
