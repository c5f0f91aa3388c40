// Starting an identity check (product-spec section 7: POST /identity-verification, and POST
// /customers/{id}/identity-verification for business and admin), shared by both operations.
// A check is needed while the customer is not verified, its newest proof of identity is not
// confirmed and no check is in progress; a run not yet sent expires when a new one starts.
// At most startsPerDay checks start per customer (docs/decisions.md, Identity checks).
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, kycRequests } from '../db/schema.ts'
import { DocumentCategory, DocumentStatus, KycRequestStatus } from '../../generated/constants.ts'
import { mainUploadsOfCategory, type CustomerRecords } from '../kyc/customer-records.ts'
import { identityProviderOf } from '../adapters/identity/identity.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { countHit, tooManyRequests, type RateLimit } from '../rpc/rate-limit.ts'
import { type AnswerKey, reply, restMessage, type Answer, type Failure } from '../rpc/outcome.ts'

type StartOperation = 'identityVerificationStart' | 'customerIdentityVerificationStart'

/** Five starts per customer in 24 hours: enough to lose a link or two, not to flood a provider. */
export const startsPerDay: RateLimit = { perClient: 5, windowSeconds: 86_400 }

export const noCheckTexts = {
  verified: 'answer.identity.alreadyVerified',
  identityConfirmed: 'answer.identity.documentConfirmed',
  inProgress: 'answer.identity.checkInProgress',
} as const satisfies Record<string, AnswerKey>

/** Why the customer needs no identity check now, or undefined when it does. */
function noCheckNeeded(records: CustomerRecords): AnswerKey | undefined {
  if (records.customer.verified) return noCheckTexts.verified
  const newest = mainUploadsOfCategory(records, DocumentCategory.ProofOfIdentity)[0]
  if (newest?.statusId === DocumentStatus.Confirmed) return noCheckTexts.identityConfirmed
  return undefined
}

export async function startIdentityCheck(
  context: HandlerContext,
  records: CustomerRecords,
): Promise<Answer<StartOperation> | Failure> {
  const refusal = noCheckNeeded(records)
  if (refusal) return restMessage(422, refusal)
  const customerId = records.customer.id
  const adapter = identityProviderOf(context.config)
  const now = new Date()
  return context.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    // One start at a time per customer, so two at once cannot both open a run.
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update')
    const [running] = await tx
      .select({ id: kycRequests.id })
      .from(kycRequests)
      .where(
        and(
          eq(kycRequests.customerId, customerId),
          eq(kycRequests.status, KycRequestStatus.InProgress),
        ),
      )
      .limit(1)
    if (running) return restMessage(422, noCheckTexts.inProgress)
    const hit = await countHit(
      tx,
      'identityVerificationStart',
      `customer:${customerId}`,
      startsPerDay,
    )
    if (!hit.allowed) return tooManyRequests('rest', hit.retryAfterSeconds) as Failure
    await tx
      .update(kycRequests)
      .set({ status: KycRequestStatus.Expired })
      .where(
        and(
          eq(kycRequests.customerId, customerId),
          eq(kycRequests.status, KycRequestStatus.Created),
        ),
      )
    const [request] = await tx
      .insert(kycRequests)
      .values({ customerId, provider: adapter.provider, status: KycRequestStatus.Created })
      .returning({ id: kycRequests.id })
    if (!request) throw new Error('assertion: the request was inserted')
    const run = await adapter.start(tx, { requestId: request.id, customerId }, now)
    return reply<StartOperation, 200>(200, {
      workflowRunId: run.workflowRunId,
      token: run.token,
      url: run.url,
      provider: adapter.provider,
      expiresAt: run.expiresAt.toISOString(),
    })
  })
}
