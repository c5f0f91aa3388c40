// Happy-path preparations of global pay batches (spec/global-pay.yaml, issue 16): each uploads
// a batch of its own as business@ (the demo has the flag sendMoneyMassGlobalTransfer), so a
// preparation may run more than once, and hands the runner the body fields of the happy call.
import { eq } from 'drizzle-orm'
import { customers, users } from '../../src/server/db/schema.ts'
import type { TestServer } from '../integration/server-harness.ts'
import { lastCodeSentTo } from '../integration/transfers/transfer-test-kit.ts'
import { csvHeader, uploadBatch } from '../integration/global-pay/batch-kit.ts'

export const globalBatchPreparations = [
  'globalBatchDraft',
  'globalBatchPayment',
  'globalBatchWaiting',
  'globalBatchCode',
] as const
export type GlobalBatchPreparation = (typeof globalBatchPreparations)[number]

export function isGlobalBatchPreparation(value: string): value is GlobalBatchPreparation {
  return (globalBatchPreparations as readonly string[]).includes(value)
}

/** business@'s USD account (src/server/demo/seed.ts). */
const businessUsd = 10000006
let made = 0

type Body = Record<string, unknown>

export async function prepareGlobalBatch(
  server: TestServer,
  preparation: GlobalBatchPreparation,
  token: string | undefined,
): Promise<{ body: Body }> {
  if (!token) throw new Error('assertion: a global batch preparation has a signed-in user')
  made += 1
  const csv = `${csvHeader}\nAna Lima,conformance${made}@abroad.example,BR,individual,5.00,USD,x,sender`
  const uploaded = await uploadBatch(server, token, { accountId: businessUsd }, csv)
  if (uploaded.body.responseCode !== '00') throw new Error(`upload: ${uploaded.text}`)
  const batchId = uploaded.body.batchId as number
  const payments = (uploaded.body.result as { payments: { id: number }[] }).payments
  switch (preparation) {
    case 'globalBatchDraft':
      return { body: { batchId } }
    case 'globalBatchPayment':
      return { body: { batchId, paymentId: payments[0]!.id } }
    case 'globalBatchWaiting':
    case 'globalBatchCode':
      return { body: await submitted(server, token, batchId, preparation) }
  }
}

/** The batch submitted with a code asked for (approval type 1, sent by e-mail). */
async function submitted(
  server: TestServer,
  token: string,
  batchId: number,
  preparation: GlobalBatchPreparation,
): Promise<Body> {
  const [user] = await server.db
    .select()
    .from(users)
    .where(eq(users.username, 'business@nova.example'))
  const [customer] = await server.db
    .select()
    .from(customers)
    .where(eq(customers.id, user!.customerId))
  const mode = (transactionApproveMode: string) =>
    server.db
      .update(customers)
      .set({ transactionApproveMode })
      .where(eq(customers.id, user!.customerId))
  await mode('push')
  try {
    const reply = await server.post(
      '/rpc/globalPayBatchSubmit',
      { batchId, idempotencyKey: `conformance-batch-${made}` },
      token,
    )
    if (reply.body.responseCode !== '00') throw new Error(`submit: ${reply.text}`)
    if (preparation === 'globalBatchWaiting') return { batchId }
    const approvalCode = await lastCodeSentTo(server, 'business@nova.example')
    return { operationId: String(batchId), approvalCode }
  } finally {
    await mode(customer!.transactionApproveMode)
  }
}
