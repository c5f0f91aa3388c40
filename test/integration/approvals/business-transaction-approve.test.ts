// The business approval queue (product-spec sections 4 and 6): a user with access right 3
// creates approval requests instead of moving money (a hold is placed); approvers list them
// (filters, page size), approve (the hold is posted) or decline (the hold is voided), one or
// many; a read-only user may neither initiate nor approve; with a code-based approval mode the
// decision waits for businessTransactionConfirm; the badge counts what waits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import {
  balancesOf,
  customerIdOf,
  lastCodeSentTo,
  setApprovalMode,
} from '../transfers/transfer-test-kit.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let company: number
    let initiator: string
    let approver: string
    let reader: string
    let ids: Record<string, number>
    /** EUR pending before this suite: the seeded holds, and money on its way in. */
    let basePending: number
    const pendingEur = async () => Number((await balancesOf(server, approver)).pending.EUR)
    beforeAll(async () => {
      server = await startServer(target)
      company = await customerIdOf(server, 'business@nova.example')
      initiator = (await server.signIn('initiator@nova.example')).accessToken
      approver = (await server.signIn('business@nova.example')).accessToken
      reader = (await server.signIn('employee@nova.example')).accessToken
      ids = (await balancesOf(server, approver)).ids as Record<string, number>
      basePending = await pendingEur()
    })
    afterAll(async () => {
      await server?.close()
    })
    const initiate = (key: string, amount: string) =>
      server.post(
        '/rpc/betweenAccountsTransferSubmit',
        {
          fromCustomerId: company,
          toAmount: amount,
          fromAccount: ids.EUR,
          toAccount: ids.USD,
          idempotencyKey: key,
        },
        initiator,
      )
    const call = (op: string, body: Record<string, unknown>, token = approver) =>
      server.post(`/rpc/${op}`, body, token)

    it('turns an initiator transfer into an approval request with a hold', async () => {
      const reply = await initiate('initiate-1', '300.00')
      expect(reply.body).toMatchObject({
        responseCode: '00',
        responseDescription: 'approval transaction created',
        approvalRequestCreated: true,
      })
      const after = await balancesOf(server, approver)
      expect(after.balance.EUR).toBe('15400.00')
      expect(await pendingEur()).toBeCloseTo(basePending - 300, 2)
      const count = await call('businessTransactionNotificationCount', {})
      expect(count.body.count).toBe(3)
    })

    it('refuses money movement and approval to a read-only user', async () => {
      const moved = await server.post(
        '/rpc/betweenAccountsTransferSubmit',
        {
          fromCustomerId: company,
          toAmount: '1.00',
          fromAccount: ids.EUR,
          toAccount: ids.USD,
          idempotencyKey: 'reader-1',
        },
        reader,
      )
      expect(moved.body.responseCode).toBe('13')
      const listed = await call('businessTransactionList', { fromCustomerId: company }, reader)
      expect(listed.body.responseCode).toBe('13')
    })

    it('lists waiting requests with filters and approves one: the hold is posted', async () => {
      const list = await call('businessTransactionList', {})
      expect(list.body.total).toBe(3)
      const requests = list.body.requests as {
        id: number
        createdBy: string
        transactionType: string
        amount: string
      }[]
      // The newest first: this suite's request, then the two seeded ones (src/server/demo/transfers.ts).
      const request = requests[0]
      expect(requests.map((r) => r.amount)).toEqual(['300.00', '120.00', '250.00'])
      expect(request).toMatchObject({
        createdBy: 'initiator@nova.example',
        transactionType: 'betweenAccounts',
        amount: '300.00',
      })
      const filtered = await call('businessTransactionList', { createdBy: 'someone@else.example' })
      expect(filtered.body.total).toBe(0)
      const users = await call('businessTransactionUserList', {})
      expect(users.body.users).toEqual([{ email: 'initiator@nova.example', name: 'Riley Quinn' }])
      const approved = await call('businessTransactionApprove', {
        transactionIds: [request!.id],
        idempotencyKey: 'approve-1',
      })
      expect(approved.body).toMatchObject({ responseCode: '00', approveType: 0 })
      const again = await call('businessTransactionApprove', {
        transactionIds: [request!.id],
        idempotencyKey: 'approve-1',
      })
      expect(again.body).toEqual(approved.body)
      const after = await balancesOf(server, approver)
      expect(after.balance.EUR).toBe('15100.00')
      expect(await pendingEur()).toBeCloseTo(basePending, 2)
      expect((await call('businessTransactionNotificationCount', {})).body.count).toBe(2)
    })

    it('declines many at once: every hold is voided', async () => {
      const a = await initiate('initiate-2', '10.00')
      const b = await initiate('initiate-3', '20.00')
      expect(await pendingEur()).toBeCloseTo(basePending - 30, 2)
      const declined = await call('businessTransactionApprove', {
        transactionIds: [a.body.transactionId, b.body.transactionId],
        declined: true,
        idempotencyKey: 'decline-1',
      })
      expect(declined.body).toMatchObject({
        responseCode: '00',
        responseDescription: 'Transaction was rejected.',
      })
      const after = await balancesOf(server, approver)
      expect(after.balance.EUR).toBe('15100.00')
      expect(await pendingEur()).toBeCloseTo(basePending, 2)
      const twice = await call('businessTransactionApprove', {
        transactionIds: [a.body.transactionId],
        idempotencyKey: 'decline-2',
      })
      expect(failedParameters(twice)).toEqual(['transactionIds'])
    })

    it('asks an approver in the sms mode for a code, then applies the decision', async () => {
      await setApprovalMode(server, 'business@nova.example', 'sms')
      const request = await initiate('initiate-4', '40.00')
      const asked = await call('businessTransactionApprove', {
        transactionIds: [request.body.transactionId],
        idempotencyKey: 'approve-sms',
      })
      expect(asked.body).toMatchObject({
        responseCode: '00',
        approveType: 2,
        approvalSentTo: 'b****@nova.example',
      })
      expect(await pendingEur()).toBeCloseTo(basePending - 40, 2)
      const code = await lastCodeSentTo(server, 'business@nova.example')
      const confirm = (key: string, given = code) =>
        call('businessTransactionConfirm', {
          approvalTransactionId: asked.body.approvalTransactionId,
          code: given,
          idempotencyKey: key,
        })
      const wrong = await confirm('confirm-wrong', code === '000000' ? '111111' : '000000')
      expect(failedParameters(wrong)).toEqual(['code'])
      const confirmed = await confirm('confirm-1')
      expect(confirmed.body).toMatchObject({
        responseCode: '00',
        transactionIds: [request.body.transactionId],
      })
      expect(await confirm('confirm-1')).toMatchObject({ body: confirmed.body })
      const after = await balancesOf(server, approver)
      expect(after.balance.EUR).toBe('15060.00')
      expect(await pendingEur()).toBeCloseTo(basePending, 2)
      const retry = await call('businessTransactionApprove', {
        transactionIds: [request.body.transactionId],
        idempotencyKey: 'approve-sms',
      })
      expect(retry.body).toEqual(asked.body)
      await setApprovalMode(server, 'business@nova.example', 'simple')
    })
  })
}
