// E-mail lookups before sending (product-spec section 5), once per address for a minute:
// the existence status of each target, and the issue of a status the wizard does not allow.
import { useCallback } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { callOperation } from '../call-operation.ts'
import type { Wizard } from '../screens-data.ts'
import type { WizardIssue } from './wizard-checks.ts'
import { emailCheckFailed, emailIssue, type EmailTarget } from './email-targets.ts'

type EmailCheck = NonNullable<Wizard['emailCheck']>

/** Looks the targets up (once per address for a minute) and answers the issues found. */
export function useEmailChecks(check: EmailCheck | undefined) {
  const client = useQueryClient()
  return useCallback(
    async (targets: EmailTarget[]): Promise<WizardIssue[]> => {
      if (!check) return []
      const statuses = await Promise.all(
        targets.map((target) =>
          client
            .fetchQuery({
              queryKey: ['rpc', check.operation, target.email.trim().toLowerCase()],
              queryFn: async () => {
                const result = await callOperation(check.operation, { email: target.email })
                const status = result.body.status
                return result.ok && typeof status === 'number' ? status : emailCheckFailed
              },
              staleTime: 60_000,
            })
            .catch(() => emailCheckFailed),
        ),
      )
      return targets.flatMap((target, i) => {
        const issue = emailIssue(target, statuses[i]!, check.allowed)
        return issue ? [issue] : []
      })
    },
    [check, client],
  )
}
