// The e-mails to look up before sending (product-spec section 5): a person made a user, or a new
// personal login, needs an e-mail the server does not know yet (existence status 0; 3, known
// as an employee, where the wizard allows it). An address that is not yet one (shorter than
// 6 characters or without '@' and '.') is not looked up; the form's own check reports it.
import { isVisible, valueAt } from '../field-paths.ts'
import type { Json, Wizard } from '../screens-data.ts'
import type { WizardIssue } from './wizard-checks.ts'

type Payload = Record<string, Json>
type EmailCheck = NonNullable<Wizard['emailCheck']>

/** The client's own status after a failed call (product-spec section 5). */
export const emailCheckFailed = -1

export interface EmailTarget {
  path: string
  email: string
}

/** Whether an address is worth a lookup (product-spec section 5, e-mail check). */
export function lookupWorthy(email: string): boolean {
  return email.length > 5 && email.includes('@') && email.includes('.')
}

/**
 * The e-mails to look up: each field of the check, in every item of a list for a field named
 * through its list (personList.email), where the check's condition admits the item.
 */
export function emailTargets(payload: Payload, check: EmailCheck): EmailTarget[] {
  return check.fields.flatMap((field) => {
    const [list, ...rest] = field.split('.') as [string, ...string[]]
    const items = payload[list]
    if (rest.length === 0 || !Array.isArray(items)) {
      const email = valueAt(payload, field)
      return typeof email === 'string' && lookupWorthy(email) ? [{ path: field, email }] : []
    }
    const within = (path: string) => path.slice(list.length + 1)
    const when = check.when && { ...check.when, field: within(check.when.field) }
    return items.flatMap((item, i) => {
      if (!item || typeof item !== 'object' || Array.isArray(item)) return []
      if (when && !isVisible('target', item, { target: when })) return []
      const email = valueAt(item, rest.join('.'))
      if (typeof email !== 'string' || !lookupWorthy(email)) return []
      return [{ path: `${list}.${i}.${rest.join('.')}`, email }]
    })
  })
}

/** The issue of a status the check does not allow; undefined when it does. */
export function emailIssue(target: EmailTarget, status: number, allowed: readonly number[]) {
  if (allowed.includes(status)) return undefined
  const known = [1, 2, 3].includes(status)
  const issue: WizardIssue = {
    path: target.path,
    key: known ? `registration:email.status${status}` : 'registration:email.failed',
  }
  return issue
}
