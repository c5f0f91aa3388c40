// Helpers the transfer suites share: balances by currency, the newest code sent to someone,
// and a customer's approval mode set directly (the security area owns the call that sets it).
import { desc, eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { customers, users } from '../../../src/server/db/schema.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import type { TestServer } from '../server-harness.ts'

export async function balancesOf(server: TestServer, token: string, fromCustomerId?: number) {
  const body = fromCustomerId === undefined ? {} : { fromCustomerId }
  const reply = await server.post('/rpc/balanceInquiry', body, token)
  expect(reply.body.responseCode).toBe('00')
  const accounts = reply.body.accounts ?? []
  return {
    ids: Object.fromEntries(accounts.map((a) => [a.currencyCode, a.accountId])),
    balance: Object.fromEntries(accounts.map((a) => [a.currencyCode, a.balance])),
    pending: Object.fromEntries(accounts.map((a) => [a.currencyCode, a.pendingAmount])),
  }
}

/** The six-digit code of the newest message to the recipient. */
export async function lastCodeSentTo(server: TestServer, recipient: string): Promise<string> {
  const [message] = await server.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(1)
  const code = / is (\d{6})\b/.exec(message?.body ?? '')?.[1]
  if (!code) throw new Error(`no code was sent to ${recipient}: ${message?.body}`)
  return code
}

export async function setApprovalMode(server: TestServer, username: string, mode: string) {
  const [user] = await server.db.select().from(users).where(eq(users.username, username))
  await server.db
    .update(customers)
    .set({ transactionApproveMode: mode })
    .where(eq(customers.id, user!.customerId))
}

export async function customerIdOf(server: TestServer, username: string): Promise<number> {
  const [user] = await server.db.select().from(users).where(eq(users.username, username))
  return user!.customerId
}
