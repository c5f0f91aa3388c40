// kycRequestGet: an identity-check request of the acting customer, the newest when no id is
// given (product-spec section 3, User status and KYC: KYC request), with where it stands at
// its provider and, once refused, why. The run's token is never part of it: only its hash
// is kept (adapters/identity/built-in-identity.ts).
import { and, desc, eq } from 'drizzle-orm'
import type { components } from '../../generated/api.d.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { kycRequests } from '../db/schema.ts'
import type { KycRequestRow } from './customer-records.ts'

type KycRequest = components['schemas']['KycRequest']

function requestView(row: KycRequestRow): KycRequest {
  return {
    requestId: row.id,
    status: row.status as KycRequest['status'],
    provider: row.provider as KycRequest['provider'],
    ...(row.workflowRunId ? { workflowRunId: row.workflowRunId } : {}),
    createdAt: row.createdAt.toISOString(),
    ...(row.completedAt ? { completedAt: row.completedAt.toISOString() } : {}),
    ...(row.rejectReason ? { rejectReason: row.rejectReason } : {}),
  }
}

export const handler: Handler<'kycRequestGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const ofCustomer = eq(kycRequests.customerId, customerId)
  const [row] = await context.db
    .select()
    .from(kycRequests)
    .where(
      input.requestId === undefined
        ? ofCustomer
        : and(ofCustomer, eq(kycRequests.id, input.requestId)),
    )
    .orderBy(desc(kycRequests.createdAt), desc(kycRequests.id))
    .limit(1)
  if (!row && input.requestId !== undefined) {
    // Another customer's request is answered as an unknown one.
    return validationFailure([refusal('requestId', 'refusal.kyc.noIdentityCheck')])
  }
  return rpcOk(row ? { kycRequest: requestView(row) } : {})
}
