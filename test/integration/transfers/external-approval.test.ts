// The approval routes of external transfers and the transaction events of every order
// (product-spec section 4): a transfer waiting for a code goes to its rail only once the code
// is entered, one from an initiator (access right 3) only once an approver approves it;
// decline and expiry give the money back. Each end reaches the customer's realtime channel
// as { transaction_id, result, message }: between own accounts at once, external orders when
// the rail reports, declines and expiries with result false.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { balancesOf, customerIdOf, lastCodeSentTo, setApprovalMode } from './transfer-test-kit.ts'
import { closeChannels, openChannel, orderOf, railReports, setFlags } from './external-test-kit.ts'
import { externalDemoFlags } from '../../../src/server/demo/external-transfers.ts'

const wire = {
  amount: '100.00',
  countryCode: 'DE',
  currencyCode: 'USD',
  beneficiaryName: 'Jamie Fischer',
  iban: 'DE89370400440532013000',
  swift: 'COBADEFFXXX',
  permission: '3d',
}

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
      closeChannels()
      await server?.close()
    })

    it('tells the channel at once when a transfer between own accounts completes', async () => {
      const channel = await openChannel(server, token)
      const reply = await server.post(
        '/rpc/betweenAccountsTransferSubmit',
        {
          toAmount: '5.00',
          fromAccount: ids.USD,
          toAccount: ids.EUR,
          idempotencyKey: 'events-own-1',
        },
        token,
      )
      expect(await channel.next()).toEqual({
        transaction_id: reply.body.transactionId,
        result: true,
        message: 'Successfully submitted',
        messageKey: 'order.completed',
      })
      channel.close()
    })

    it('hands a wire to the rail only once its code is entered', async () => {
      await setApprovalMode(server, 'demo@nova.example', 'sms')
      const channel = await openChannel(server, token)
      const reply = await server.post(
        '/rpc/wireTransferSubmit',
        { accountId: ids.USD, ...wire, idempotencyKey: 'events-code-1' },
        token,
      )
      expect(reply.body).toMatchObject({ responseCode: '00', approveType: 2 })
      const id = reply.body.transactionId
      await railReports(server)
      expect((await orderOf(server, id))?.status).toBe('awaitingCode')
      const code = await lastCodeSentTo(server, '+447700900123')
      const approved = await server.post(
        '/rpc/transferApprove',
        { trxid: id, approvalCode: code, idempotencyKey: 'events-code-approve' },
        token,
      )
      expect(approved.body.responseCode).toBe('00')
      expect((await orderOf(server, id))?.status).toBe('pending')
      expect(channel.drain()).toEqual([])
      await railReports(server)
      expect(await channel.next()).toMatchObject({ transaction_id: id, result: true })
      expect((await orderOf(server, id))?.status).toBe('settled')
      channel.close()
    })

    it('gives the money back when the code is not entered in time, and says so', async () => {
      const channel = await openChannel(server, token)
      const before = await balancesOf(server, token)
      const reply = await server.post(
        '/rpc/octTransferSubmit',
        {
          accountId: ids.USD,
          amount: '20.00',
          currencyCode: 'USD',
          cardNumber: '4147201234000008',
          cardHolderName: 'Alex Morgan',
          permission: 'own',
          idempotencyKey: 'events-expire-1',
        },
        token,
      )
      expect(reply.body.approveType).toBe(2)
      await runDueJobs(server.db, { now: new Date(Date.now() + 31 * 60_000) })
      const event = await channel.next()
      expect(event).toMatchObject({ transaction_id: reply.body.transactionId, result: false })
      expect(event.message).toContain('expired')
      expect(await balancesOf(server, token)).toEqual(before)
      channel.close()
      await setApprovalMode(server, 'demo@nova.example', 'simple')
    })

    it('sends an initiator’s wire only once an approver approves it; a decline is told', async () => {
      const company = await customerIdOf(server, 'business@nova.example')
      await setFlags(server, 'business@nova.example', externalDemoFlags)
      const initiator = (await server.signIn('initiator@nova.example')).accessToken
      const approver = (await server.signIn('business@nova.example')).accessToken
      const companyUsd = (await balancesOf(server, approver)).ids.USD!
      const channel = await openChannel(server, approver)
      const initiate = (key: string) =>
        server.post(
          '/rpc/wireTransferSubmit',
          { fromCustomerId: company, accountId: companyUsd, ...wire, idempotencyKey: key },
          initiator,
        )
      const first = await initiate('events-initiate-1')
      expect(first.body).toMatchObject({ responseCode: '00', approvalRequestCreated: true })
      expect((await orderOf(server, first.body.transactionId))?.status).toBe('awaitingApprover')
      const approved = await server.post(
        '/rpc/businessTransactionApprove',
        { transactionIds: [first.body.transactionId], idempotencyKey: 'events-approve-1' },
        approver,
      )
      expect(approved.body.responseCode).toBe('00')
      expect((await orderOf(server, first.body.transactionId))?.status).toBe('pending')
      await railReports(server)
      expect(await channel.next()).toMatchObject({
        transaction_id: first.body.transactionId,
        result: true,
      })
      const second = await initiate('events-initiate-2')
      await server.post(
        '/rpc/businessTransactionApprove',
        {
          transactionIds: [second.body.transactionId],
          declined: true,
          idempotencyKey: 'events-decline-1',
        },
        approver,
      )
      expect(await channel.next()).toEqual({
        transaction_id: second.body.transactionId,
        result: false,
        message: 'Transaction was rejected.',
        messageKey: 'order.declined',
      })
      expect((await orderOf(server, second.body.transactionId))?.status).toBe('declined')
      channel.close()
    })
  })
}
