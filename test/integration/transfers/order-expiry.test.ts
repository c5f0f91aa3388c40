// Holds nobody decided on end (DESIGN.md section 6): a transfer waiting for a code after 30
// minutes, P2P money nobody claimed after 14 days. The hold is voided, the money is available
// again, the order says expired, and the sender is told by e-mail; a code entered after that
// is refused.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { transferOrders } from '../../../src/server/db/schema-transfers.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf, lastCodeSentTo, setApprovalMode } from './transfer-test-kit.ts'

const minuteMs = 60_000

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let ids: Record<string, number>
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      ids = (await balancesOf(server, token)).ids as Record<string, number>
    })
    afterAll(async () => {
      await server?.close()
    })
    const statusOf = async (id: unknown) =>
      (
        await server.db
          .select()
          .from(transferOrders)
          .where(eq(transferOrders.id, id as number))
      )[0]?.status
    const lastMailTo = async (recipient: string) =>
      (
        await server.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, recipient))
          .orderBy(desc(outboxMessages.id))
          .limit(1)
      )[0]

    it('voids a hold whose code was not entered within 30 minutes', async () => {
      await setApprovalMode(server, 'demo@nova.example', 'sms')
      const start = Date.now()
      const reply = await server.post(
        '/rpc/betweenAccountsTransferSubmit',
        {
          toAmount: '40.00',
          fromAccount: ids.USD,
          toAccount: ids.EUR,
          idempotencyKey: 'expire-code-1',
        },
        token,
      )
      expect((await balancesOf(server, token)).pending.USD).toBe('-65.00')
      const code = await lastCodeSentTo(server, '+447700900123')
      await runDueJobs(server.db, { now: new Date(start + 29 * minuteMs) })
      expect(await statusOf(reply.body.transactionId)).toBe('awaitingCode')
      await runDueJobs(server.db, { now: new Date(start + 31 * minuteMs) })
      expect(await statusOf(reply.body.transactionId)).toBe('expired')
      const after = await balancesOf(server, token)
      expect(after.pending.USD).toBe('-25.00')
      expect(after.balance.USD).toBe('1250.75')
      expect((await lastMailTo('demo@nova.example'))?.subject).toBe('Your transfer expired')
      const late = await server.post(
        '/rpc/transferApprove',
        { trxid: reply.body.transactionId, approvalCode: code, idempotencyKey: 'expire-late-1' },
        token,
      )
      expect(failedParameters(late)).toEqual(['trxid'])
      await setApprovalMode(server, 'demo@nova.example', 'simple')
    })

    it('returns P2P money nobody claimed within 14 days', async () => {
      const start = Date.now()
      const reply = await server.post(
        '/rpc/p2pTransferSubmit',
        {
          accountId: ids.USD,
          amount: '30.00',
          currency: 'USD',
          toEmail: 'stranger@mail.example',
          idempotencyKey: 'expire-claim-1',
        },
        token,
      )
      expect(reply.body.responseCode).toBe('00')
      expect((await balancesOf(server, token)).pending.USD).toBe('-55.30')
      await runDueJobs(server.db, { now: new Date(start + 13 * 24 * 60 * minuteMs) })
      expect(await statusOf(reply.body.transactionId)).toBe('heldForClaim')
      await runDueJobs(server.db, { now: new Date(start + 14 * 24 * 60 * minuteMs + minuteMs) })
      expect(await statusOf(reply.body.transactionId)).toBe('expired')
      expect((await balancesOf(server, token)).pending.USD).toBe('-25.00')
      expect((await lastMailTo('demo@nova.example'))?.body).toContain(
        'stranger@mail.example did not claim it',
      )
    })
  })
}
