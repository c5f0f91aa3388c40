// Recurring transfers (product-spec section 3 subscription fields) run from the jobs table: the
// submit is run 1, later runs come due by frequency and stop at the number of transactions; a
// run refused for lack of funds e-mails the customer and is retried after 24 hours, and after
// three failed retries the subscription is suspended. The customer lists and cancels them
// (preapprovedPaymentList, preapprovedPaymentCancel) unless they were made not cancelable.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { transferSubscriptions } from '../../../src/server/db/schema-transfers.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from './transfer-test-kit.ts'

const hourMs = 3600_000
const dayMs = 24 * hourMs

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let ids: Record<string, number>
    const start = Date.now()
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      ids = (await balancesOf(server, token)).ids as Record<string, number>
    })
    afterAll(async () => {
      await server?.close()
    })
    const subscribe = (key: string, extra: Record<string, unknown>) =>
      server.post(
        '/rpc/betweenAccountsTransferSubmit',
        {
          fromAccount: ids.EUR,
          toAccount: ids.USD,
          currency: 'EUR',
          idempotencyKey: key,
          ...extra,
        },
        token,
      )
    const subscription = async (id: unknown) =>
      (
        await server.db
          .select()
          .from(transferSubscriptions)
          .where(eq(transferSubscriptions.id, id as number))
      )[0]!

    it('runs a daily transfer of 3 transactions on its days and then finishes', async () => {
      const reply = await subscribe('daily-three', {
        toAmount: '10.00',
        subscriptionFrequency: 'daily',
        subscriptionTransactions: 3,
        subscriptionUserCancel: true,
      })
      expect(reply.body.responseCode).toBe('00')
      expect((await balancesOf(server, token)).balance.EUR).toBe('970.40')
      const list = await server.post(
        '/rpc/preapprovedPaymentList',
        { type: 'betweenAccounts' },
        token,
      )
      expect(list.body.preapprovedPayments).toMatchObject([
        {
          id: reply.body.subscriptionId,
          amount: '10.00',
          currencyCode: 'EUR',
          toAccount: ids.USD,
          type: 'betweenAccounts',
        },
      ])
      await runDueJobs(server.db, { now: new Date(start + 12 * hourMs) })
      expect((await balancesOf(server, token)).balance.EUR).toBe('970.40')
      await runDueJobs(server.db, { now: new Date(start + dayMs + hourMs) })
      expect((await balancesOf(server, token)).balance.EUR).toBe('960.40')
      // The same run twice (a job claimed again after its lease) moves money once.
      await runDueJobs(server.db, { now: new Date(start + dayMs + 2 * hourMs) })
      expect((await balancesOf(server, token)).balance.EUR).toBe('960.40')
      await runDueJobs(server.db, { now: new Date(start + 2 * dayMs + hourMs) })
      await runDueJobs(server.db, { now: new Date(start + 5 * dayMs) })
      expect((await balancesOf(server, token)).balance.EUR).toBe('950.40')
      expect(await subscription(reply.body.subscriptionId)).toMatchObject({
        runsDone: 3,
        status: 'finished',
      })
    })

    it('retries a run refused for lack of funds daily, e-mails each time, suspends after 3 retries', async () => {
      const reply = await subscribe('weekly-large', {
        toAmount: '900.00',
        subscriptionFrequency: 'weekly',
        subscriptionUserCancel: false,
      })
      expect(reply.body.responseCode).toBe('00')
      expect((await balancesOf(server, token)).balance.EUR).toBe('50.40')
      const week = start + 7 * dayMs + hourMs
      for (let attempt = 0; attempt < 4; attempt++) {
        await runDueJobs(server.db, { now: new Date(week + attempt * (dayMs + hourMs)) })
        const [mail] = await server.db
          .select()
          .from(outboxMessages)
          .where(eq(outboxMessages.recipient, 'demo@nova.example'))
          .orderBy(desc(outboxMessages.id))
          .limit(1)
        expect(mail?.subject).toBe(
          attempt < 3
            ? 'Your recurring transfer could not run'
            : 'Your recurring transfer is suspended',
        )
      }
      expect(await subscription(reply.body.subscriptionId)).toMatchObject({
        status: 'suspended',
        runsDone: 1,
        failedRunsInARow: 4,
      })
      expect((await balancesOf(server, token)).balance.EUR).toBe('50.40')
    })

    it('cancels a cancelable subscription and refuses one made not cancelable', async () => {
      const cancelable = await subscribe('monthly-cancel', {
        toAmount: '1.00',
        subscriptionFrequency: 'monthly',
        subscriptionEndDate: '2099-12-31',
      })
      const cancel = await server.post(
        '/rpc/preapprovedPaymentCancel',
        { id: cancelable.body.subscriptionId },
        token,
      )
      expect(cancel.body.responseCode).toBe('00')
      expect((await subscription(cancelable.body.subscriptionId)).status).toBe('canceled')
      await runDueJobs(server.db, { now: new Date(start + 40 * dayMs) })
      expect((await balancesOf(server, token)).balance.EUR).toBe('49.40')
      const fixed = await subscribe('monthly-fixed', {
        toAmount: '1.00',
        subscriptionFrequency: 'monthly',
        subscriptionUserCancel: false,
      })
      const refused = await server.post(
        '/rpc/preapprovedPaymentCancel',
        { id: fixed.body.subscriptionId },
        token,
      )
      expect(failedParameters(refused)).toEqual(['id'])
    })
  })
}
