// The identity-check run as its page shows it (schemas/services-identity-verification-run),
// and the one refusal of a link that opens no run.
import type { components } from '../../generated/api.d.ts'
import type { RunRow } from '../adapters/identity/built-in-identity.ts'
import { type Failure, refusal, validationFailure } from '../rpc/outcome.ts'

type Run = components['schemas']['ServicesIdentityVerificationRun']

export function runView(run: RunRow): Run {
  if (!run.workflowRunId || !run.expiresAt) {
    throw new Error(`assertion: an opened run ${run.id} has its id and expiry`)
  }
  return {
    workflowRunId: run.workflowRunId,
    provider: run.provider as Run['provider'],
    status: run.status as Run['status'],
    expiresAt: run.expiresAt.toISOString(),
    ...(run.submittedAt ? { submittedAt: run.submittedAt.toISOString() } : {}),
    ...(run.completedAt ? { completedAt: run.completedAt.toISOString() } : {}),
    ...(run.rejectReason ? { rejectReason: run.rejectReason } : {}),
  }
}

/** An unknown run, a wrong token and an expired link: one answer for all three. */
export function linkRefused(parameter: string): Failure {
  return validationFailure([refusal(parameter, 'refusal.services.identityLinkInvalid')])
}
