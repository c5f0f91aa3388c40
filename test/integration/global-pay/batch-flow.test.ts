// A global pay batch from file to recipients (issue 16): uploaded, edited (remove, restore,
// change, add, fee side), submitted once however often it is sent, approved with ONE code for
// the whole batch; exactly the amounts and the sender's fees are then held for the recipients,
// each e-mailed a /receive link once. Without a code the links go out at submit; an
// initiator's batch waits for an approver, and rejecting it leaves the account as it was.
import { eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ledgerViolations, totals, type Query } from '../../../scripts/chaos/invariants.ts'
import { globalPayBatchPayments } from '../../../src/server/db/schema-global-batch.ts'
import { transferOrders } from '../../../src/server/db/schema-transfers.ts'
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
import { setFlags } from '../transfers/external-test-kit.ts'
import { csvHeader, mailsTo, uploadBatch, type BatchBody } from './batch-kit.ts'

async function ordersOfBatch(server: TestServer, batchId: number) {
  const rows = await server.db
    .select({ orderId: globalPayBatchPayments.orderId })
    .from(globalPayBatchPayments)
    .where(eq(globalPayBatchPayments.batchId, batchId))
  const ids = rows.map((r) => r.orderId).filter((id): id is number => id !== null)
  if (ids.length === 0) return []
  return server.db.select().from(transferOrders).where(inArray(transferOrders.id, ids))
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let usd: number
    beforeAll(async () => {
      server = await startServer(target)
      await setFlags(server, 'business@nova.example', { sendMoneyMassGlobalTransfer: true })
      token = (await server.signIn('business@nova.example')).accessToken
      usd = (await balancesOf(server, token)).ids.USD!
    })
    afterAll(async () => {
      await server?.close()
    })
    const call = (op: string, body: Record<string, unknown>, as = token) =>
      server.post(`/rpc/${op}`, body, as)
    const pendingUsd = async (as = token, fromCustomerId?: number) => {
      const b = await balancesOf(server, as, fromCustomerId)
      return { balance: Number(b.balance.USD), pending: Number(b.pending.USD) }
    }

    it('holds exactly the amounts and fees once the one code of the batch is entered, and e-mails each recipient once', async () => {
      await setApprovalMode(server, 'business@nova.example', 'push')
      const csv = [
        csvHeader,
        'Ana Lima,ana@abroad.example,BR,individual,100.00,USD,April,sender',
        'Bo Chen,bo@abroad.example,SG,business,50.00,USD,April,sender',
        'Cy Dore,cy@abroad.example,FR,individual,10.00,USD,April,sender',
      ].join('\n')
      const uploaded = await uploadBatch(server, token, { accountId: usd }, csv)
      expect(uploaded.body.responseCode, uploaded.text).toBe('00')
      const batchId = uploaded.body.batchId as number
      const draft = uploaded.body.result as BatchBody
      expect(draft).toMatchObject({ status: 'draft', paymentCount: 3, totalAmount: '160.00' })
      const [ana, bo, cy] = draft.payments!
      const edit = async (op: string, body: Record<string, unknown>) => {
        const reply = await call(op, { batchId, ...body })
        expect(reply.body.responseCode, `${op} ${reply.text}`).toBe('00')
        return reply.body
      }
      await edit('globalPayBatchPaymentRemove', { paymentId: bo!.id })
      const restored = await edit('globalPayBatchPaymentRestore', { paymentId: bo!.id })
      expect(restored.payment).toMatchObject({ id: bo!.id, isRemoved: false })
      await edit('globalPayBatchPaymentRemove', { paymentId: cy!.id })
      await edit('globalPayBatchPaymentUpdate', {
        paymentId: ana!.id,
        payment: { amount: '120.00' },
      })
      await edit('globalPayBatchFeeSideSet', { feeShare: 'beneficiary', paymentIds: [bo!.id] })
      await edit('globalPayBatchPaymentAdd', {
        payment: {
          amount: '30.00',
          beneficiaryName: 'Dee Ernst',
          beneficiaryEmail: 'dee@abroad.example',
          beneficiaryCountryCode: 'DE',
        },
      })
      const details = await edit('globalPayBatchDetailsGet', {})
      // Ana 120 + 2.40, Bo 50 with his fee inside, Dee 30 + 1.00 (the 1.00 minimum).
      expect(details.batch).toMatchObject({
        paymentCount: 3,
        totalAmount: '200.00',
        totalFee: '4.40',
        total: '203.40',
      })
      const before = await pendingUsd()
      const submit = (key: string) => call('globalPayBatchSubmit', { batchId, idempotencyKey: key })
      const submitted = await submit('gpb-code')
      expect(submitted.body).toMatchObject({
        responseCode: '00',
        operationId: String(batchId),
        approveType: 1,
      })
      expect(await submit('gpb-code')).toMatchObject({ body: submitted.body })
      expect(failedParameters(await submit('gpb-code-other'))).toEqual(['batchId'])
      const held = await pendingUsd()
      expect(held.balance).toBe(before.balance)
      expect(held.pending - before.pending).toBeCloseTo(-203.4, 2)
      expect(await mailsTo(server, 'ana@abroad.example')).toHaveLength(0)
      const approve = (approvalCode: string, key: string) =>
        call('globalPayBatchApprove', {
          operationId: String(batchId),
          approvalCode,
          idempotencyKey: key,
        })
      expect(failedParameters(await approve('000000', 'gpb-code-wrong'))).toEqual(['approvalCode'])
      const code = await lastCodeSentTo(server, 'business@nova.example')
      const approved = await approve(code, 'gpb-code-ok')
      expect(approved.body.responseCode).toBe('00')
      expect(await approve(code, 'gpb-code-ok')).toMatchObject({ body: approved.body })
      const after = await pendingUsd()
      expect(after.balance).toBe(before.balance)
      expect(after.pending - before.pending).toBeCloseTo(-203.4, 2)
      for (const email of ['ana@abroad.example', 'bo@abroad.example', 'dee@abroad.example']) {
        const mails = await mailsTo(server, email)
        expect(mails, email).toHaveLength(1)
        expect(mails[0]?.body).toContain('/receive/')
      }
      expect(await mailsTo(server, 'cy@abroad.example')).toHaveLength(0)
      const orders = await ordersOfBatch(server, batchId)
      expect(orders.map((o) => o.status)).toEqual(['heldForClaim', 'heldForClaim', 'heldForClaim'])
      const status = await call('globalPayBatchStatusGet', { batchId })
      expect(status.body).toMatchObject({ batchId, status: 'processing' })
      await setApprovalMode(server, 'business@nova.example', 'simple')
    })

    it('holds the money and e-mails the links at submit when no code is asked for', async () => {
      await setApprovalMode(server, 'business@nova.example', 'simple')
      const csv = `${csvHeader}\nEva Moss,eva@abroad.example,GB,individual,40.00,USD,Fees,sender\n`
      const uploaded = await uploadBatch(server, token, { accountId: usd }, csv)
      const batchId = uploaded.body.batchId as number
      const before = await pendingUsd()
      const submitted = await call('globalPayBatchSubmit', { batchId, idempotencyKey: 'gpb-now-1' })
      expect(submitted.body, submitted.text).toMatchObject({ responseCode: '00', approveType: 0 })
      expect((await pendingUsd()).pending - before.pending).toBeCloseTo(-41, 2)
      expect(await mailsTo(server, 'eva@abroad.example')).toHaveLength(1)
      const status = await call('globalPayBatchStatusGet', { batchId })
      expect(status.body.status).toBe('processing')
      const late = await call('globalPayBatchPaymentRemove', {
        batchId,
        paymentId: (uploaded.body.result as BatchBody).payments![0]!.id,
      })
      expect(failedParameters(late)).toEqual(['batchId'])
    })

    it('refuses the whole batch naming the payment when one cannot be paid, and moves nothing', async () => {
      const lines = Array.from(
        { length: 3 },
        (_, i) => `Big ${i},big${i}@abroad.example,GB,business,9000.00,USD,Big,sender`,
      )
      const uploaded = await uploadBatch(
        server,
        token,
        { accountId: usd },
        [csvHeader, ...lines].join('\n'),
      )
      const batchId = uploaded.body.batchId as number
      const before = await pendingUsd()
      const reply = await call('globalPayBatchSubmit', { batchId, idempotencyKey: 'gpb-big-1' })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)[0]).toMatch(/^payments\[\d+\]\.amount$/)
      expect(await pendingUsd()).toEqual(before)
      expect(await ordersOfBatch(server, batchId)).toEqual([])
      const status = await call('globalPayBatchStatusGet', { batchId })
      expect(status.body.status).toBe('draft')
    })

    it('makes an initiator’s batch wait for an approver; rejecting it leaves the account as it was', async () => {
      const company = await customerIdOf(server, 'business@nova.example')
      const initiator = (await server.signIn('initiator@nova.example')).accessToken
      const start = await pendingUsd()
      const csv = `${csvHeader}\nFay Lund,fay@abroad.example,SE,individual,25.00,USD,Work,sender\n`
      const uploaded = await uploadBatch(
        server,
        initiator,
        { accountId: usd, fromCustomerId: company },
        csv,
      )
      expect(uploaded.body.responseCode, uploaded.text).toBe('00')
      const batchId = uploaded.body.batchId as number
      const submitted = await call(
        'globalPayBatchSubmit',
        { batchId, idempotencyKey: 'gpb-initiated', fromCustomerId: company },
        initiator,
      )
      expect(submitted.body, submitted.text).toMatchObject({ responseCode: '00', approveType: 0 })
      expect((await call('globalPayBatchStatusGet', { batchId })).body.status).toBe('submitted')
      const orders = await ordersOfBatch(server, batchId)
      expect(orders.map((o) => o.status)).toEqual(['awaitingApprover'])
      expect(await mailsTo(server, 'fay@abroad.example')).toHaveLength(0)
      const rejected = await call('globalPayBatchReject', { batchId })
      expect(rejected.body).toMatchObject({ responseCode: '00', batch: { status: 'rejected' } })
      expect(await pendingUsd()).toEqual(start)
      expect(await mailsTo(server, 'fay@abroad.example')).toHaveLength(0)
      expect((await ordersOfBatch(server, batchId)).map((o) => o.status)).toEqual(['declined'])
      const again = await call('globalPayBatchReject', { batchId })
      expect(failedParameters(again)).toEqual(['batchId'])
    })

    it('leaves the ledger whole after every batch above: balanced, posted as held, none negative', async () => {
      const query: Query = async (text) => {
        const result = await server.db.execute(sql.raw(text))
        return (result as unknown as { rows: Record<string, unknown>[] }).rows
      }
      const zero = Object.fromEntries(Object.keys(await totals(query)).map((c) => [c, '0']))
      expect(await ledgerViolations(query, zero)).toEqual({
        totalChanged: 0,
        negativeBalance: 0,
        balanceDiffersFromPostings: 0,
        halfPosted: 0,
      })
    })
  })
}
