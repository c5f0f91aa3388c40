// Helpers the global pay batch suites share: a batch file uploaded as the portal sends it
// (multipart: batchName, accountId, attachedFile, ignoreIdenticalBatch), and the e-mails sent
// to an address.
import { eq } from 'drizzle-orm'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { replyOf, type Reply, type TestServer } from '../server-harness.ts'

export const csvHeader =
  'beneficiaryName,beneficiaryEmail,beneficiaryCountryCode,beneficiaryType,amount,currency,description,feeShare'

export async function uploadBatch(
  server: TestServer,
  token: string,
  fields: Record<string, string | number | boolean>,
  csv: string,
): Promise<Reply> {
  const form = new FormData()
  form.append('batchName', 'April payouts')
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value))
  form.append('attachedFile', new Blob([csv], { type: 'text/csv' }), 'payouts.csv')
  const response = await fetch(`${server.baseUrl}/rpc/globalPayBatchUpload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  })
  return replyOf(response)
}

export async function mailsTo(server: TestServer, recipient: string) {
  return server.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient))
}

export interface BatchBody {
  batchId: number
  status: string
  paymentCount: number
  totalAmount: string
  totalFee: string
  total: string
  payments?: { id: number; amount: string; isRemoved: boolean; feeShare: string }[]
}
