// kycRequestGet: one identity-check request of the acting customer at a provider (jmo or nfd;
// product-spec section 3, User status and KYC: KYC request), the newest when no id is given,
// absent when there is none. Another customer's request id answers VF, not a hint it exists.
import { and, desc, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure, type RpcData } from '../rpc/outcome.ts'
import { kycRequests } from '../db/schema.ts'

type KycRequest = NonNullable<RpcData<'kycRequestGet'>['kycRequest']>

export const handler: Handler<'kycRequestGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const [row] = await context.db
    .select()
    .from(kycRequests)
    .where(
      and(
        eq(kycRequests.customerId, customerId),
        input.requestId === undefined ? undefined : eq(kycRequests.id, input.requestId),
      ),
    )
    .orderBy(desc(kycRequests.createdAt), desc(kycRequests.id))
    .limit(1)
  if (!row && input.requestId !== undefined) {
    const description = 'is not an identity-check request of yours'
    return validationFailure([{ parameter: 'requestId', description }])
  }
  if (!row) return rpcOk({})
  return rpcOk({
    kycRequest: {
      requestId: row.id,
      // The columns only hold the values their checks allow (schema.ts).
      status: row.status as KycRequest['status'],
      provider: row.provider as KycRequest['provider'],
      ...(row.workflowRunId ? { workflowRunId: row.workflowRunId } : {}),
      createdAt: row.createdAt.toISOString(),
      ...(row.completedAt ? { completedAt: row.completedAt.toISOString() } : {}),
      ...(row.rejectReason ? { rejectReason: row.rejectReason } : {}),
    },
  })
}
