// A global pay batch's draft (issue 16): a bad line of the file is named by its line and
// column and nothing is stored; the same file again answers '92' unless ignoreIdenticalBatch;
// each edit call names the field it refuses and an all-or-nothing update changes nothing when
// one item is refused; methods are forbidden by name; a cancelled batch can no longer change;
// another customer's batch is not found; the countries' payout methods are listed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from '../transfers/transfer-test-kit.ts'
import { setFlags } from '../transfers/external-test-kit.ts'
import { csvHeader, uploadBatch, type BatchBody } from './batch-kit.ts'

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
    let fileNumber = 0
    /** A new batch of two payments (a file never uploaded before). */
    const newBatch = async () => {
      fileNumber += 1
      const csv = [
        csvHeader,
        `Ana Lima,ana${fileNumber}@abroad.example,BR,individual,100.00,USD,April,sender`,
        `Bo Chen,bo${fileNumber}@abroad.example,SG,business,50.00,USD,April,sender`,
      ].join('\n')
      const reply = await uploadBatch(server, token, { accountId: usd }, csv)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.result as BatchBody
    }

    it('names every bad line of a file by line and column and keeps nothing of it', async () => {
      const csv = [
        csvHeader,
        'Ana Lima,ana@abroad.example,BR,individual,100.00,USD,April,sender',
        'Bo Chen,not-an-email,SG,business,50.00,USD,April,sender',
        'Cy Dore,cy@abroad.example,QQ,individual,abc,USD,April,sender',
        'Dee Ernst,dee@abroad.example,DE,individual,10.00,EUR,April,both',
        ',eve@abroad.example,DE,individual,1.00,USD,April,beneficiary',
      ].join('\n')
      const reply = await uploadBatch(server, token, { accountId: usd }, csv)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual([
        'rows[3].beneficiaryEmail',
        'rows[4].beneficiaryCountryCode',
        'rows[4].amount',
        'rows[5].currency',
        'rows[5].feeShare',
        'rows[6].beneficiaryName',
        'rows[6].amount',
      ])
      const account = await uploadBatch(server, token, { accountId: 999999 }, csv)
      expect(failedParameters(account)).toEqual(['accountId'])
      const empty = await uploadBatch(server, token, { accountId: usd }, `${csvHeader}\n`)
      expect(failedParameters(empty)).toEqual(['attachedFile'])
    })

    it("answers '92' with the earlier batch for the same file, and goes ahead when told to", async () => {
      const csv = `${csvHeader}\nAna Lima,twice@abroad.example,BR,individual,5.00,USD,x,sender\n`
      const first = await uploadBatch(server, token, { accountId: usd }, csv)
      expect(first.body.responseCode).toBe('00')
      const again = await uploadBatch(server, token, { accountId: usd }, csv)
      expect(again.body).toMatchObject({ responseCode: '92', batchId: first.body.batchId })
      expect(Date.parse(again.body.date as string)).not.toBeNaN()
      const anyway = await uploadBatch(
        server,
        token,
        { accountId: usd, ignoreIdenticalBatch: true },
        csv,
      )
      expect(anyway.body.responseCode).toBe('00')
      expect(anyway.body.batchId).not.toBe(first.body.batchId)
    })

    it('names the refused field of each edit and changes nothing on a refused update', async () => {
      const batch = await newBatch()
      const [ana, bo] = batch.payments!
      const { batchId } = batch
      const add = await call('globalPayBatchPaymentAdd', {
        batchId,
        payment: {
          amount: '5.00',
          beneficiaryName: 'X',
          beneficiaryEmail: 'x@abroad.example',
          beneficiaryCountryCode: 'QQ',
        },
      })
      expect(failedParameters(add)).toEqual(['payment.beneficiaryCountryCode'])
      const unknown = await call('globalPayBatchPaymentUpdate', {
        batchId,
        paymentId: 1,
        payment: { amount: '5.00' },
      })
      expect(failedParameters(unknown)).toEqual(['paymentId'])
      const small = await call('globalPayBatchPaymentUpdate', {
        batchId,
        paymentId: ana!.id,
        payment: { amount: '1.00', feeShare: 'beneficiary' },
      })
      expect(failedParameters(small)).toEqual(['payment.amount'])
      const mixed = await call('globalPayBatchUpdate', {
        batchId,
        adds: [
          {
            amount: '7.00',
            beneficiaryName: 'Gil',
            beneficiaryEmail: 'gil@abroad.example',
            beneficiaryCountryCode: 'PT',
          },
        ],
        deletes: [1],
      })
      expect(failedParameters(mixed)).toEqual(['deletes[0]'])
      const unchanged = await call('globalPayBatchGet', { batchId })
      expect((unchanged.body.batch as BatchBody).payments).toHaveLength(2)
      const together = await call('globalPayBatchUpdate', {
        batchId,
        updates: [{ paymentId: ana!.id, payment: { amount: '80.00' } }],
        deletes: [bo!.id],
      })
      expect(together.body.batch).toMatchObject({ paymentCount: 1, totalAmount: '80.00' })
      const restored = await call('globalPayBatchUpdate', { batchId, restores: [bo!.id] })
      expect(restored.body.batch).toMatchObject({ paymentCount: 2, totalAmount: '130.00' })
      const full = await call('globalPayBatchPaymentFullUpdate', {
        batchId,
        paymentId: bo!.id,
        payment: {
          amount: '20.00',
          beneficiaryName: 'Bo Chen Ltd',
          beneficiaryEmail: 'ap@bochen.example',
          beneficiaryCountryCode: 'GB',
          feeShare: 'beneficiary',
        },
      })
      expect(full.body.payment).toMatchObject({
        amount: '20.00',
        beneficiaryName: 'Bo Chen Ltd',
        beneficiaryCountryCode: 'GB',
        feeShare: 'beneficiary',
      })
      expect(full.body.payment).not.toHaveProperty('beneficiaryType')
    })

    it('forbids and allows a payout method by name, and sets who pays the fee', async () => {
      const { batchId, payments } = await newBatch()
      const ana = payments![0]!
      const set = (name: string, forbidden: boolean) =>
        call('globalPayBatchMethodForbiddenSet', { batchId, paymentId: ana.id, name, forbidden })
      expect(failedParameters(await set('crypto_eft', true))).toEqual(['name'])
      const forbidden = await set('wire', true)
      const methods = (forbidden.body.payment as { paymentMethods: unknown[] }).paymentMethods
      expect(methods).toContainEqual({ name: 'wire', forbidden: true })
      expect(methods.filter((m) => (m as { forbidden: boolean }).forbidden)).toHaveLength(1)
      const allowed = await set('wire', false)
      expect((allowed.body.payment as { paymentMethods: unknown[] }).paymentMethods).toContainEqual(
        { name: 'wire', forbidden: false },
      )
      const fees = await call('globalPayBatchFeeSideSet', { batchId, feeShare: 'beneficiary' })
      // Both beneficiaries pay their fee (2.00 and 1.00): the sender pays the amounts only.
      expect(fees.body.batch).toMatchObject({ totalFee: '3.00', total: '150.00' })
      const stranger = await call('globalPayBatchFeeSideSet', {
        batchId,
        feeShare: 'sender',
        paymentIds: [ana.id, 1],
      })
      expect(failedParameters(stranger)).toEqual(['paymentIds[1]'])
    })

    it('cancels a draft, which then refuses every change and the submit', async () => {
      const { batchId, payments } = await newBatch()
      expect((await call('globalPayBatchCancel', { batchId })).body.responseCode).toBe('00')
      const status = await call('globalPayBatchStatusGet', { batchId })
      expect(status.body.status).toBe('cancelled')
      const remove = await call('globalPayBatchPaymentRemove', {
        batchId,
        paymentId: payments![0]!.id,
      })
      expect(failedParameters(remove)).toEqual(['batchId'])
      const submit = await call('globalPayBatchSubmit', {
        batchId,
        idempotencyKey: 'gpb-cancelled',
      })
      expect(failedParameters(submit)).toEqual(['batchId'])
      expect(failedParameters(await call('globalPayBatchCancel', { batchId }))).toEqual(['batchId'])
      const reject = await call('globalPayBatchReject', { batchId })
      expect(failedParameters(reject)).toEqual(['batchId'])
    })

    it("does not show another customer's batch, and lists the payout methods of a country", async () => {
      const { batchId } = await newBatch()
      await setFlags(server, 'demo@nova.example', { sendMoneyMassGlobalTransfer: true })
      const other = (await server.signIn('demo@nova.example')).accessToken
      for (const op of ['globalPayBatchGet', 'globalPayBatchDetailsGet', 'globalPayBatchCancel']) {
        expect(failedParameters(await call(op, { batchId }, other)), op).toEqual(['batchId'])
      }
      const list = await call('globalPayBatchCountryMethodList', { countryCode: 'BR' })
      const types = (list.body.methods as { transferType: string }[]).map((m) => m.transferType)
      expect(types).toEqual(['wire', 'eft', 'oct', 'instant_payment'])
      const bad = await call('globalPayBatchCountryMethodList', { countryCode: 'QQ' })
      expect(failedParameters(bad)).toEqual(['countryCode'])
      const details = await call('globalPayBatchCountryMethodDetailsGet', {
        countryCode: 'BR',
        paymentMethod: 'eft',
        currencyCode: 'BRL',
      })
      expect(details.body, details.text).toMatchObject({
        responseCode: '00',
        method: { transferType: 'eft' },
      })
      expect(Array.isArray(details.body.extraParams)).toBe(true)
      const crypto = await call('globalPayBatchCountryMethodDetailsGet', {
        countryCode: 'BR',
        paymentMethod: 'crypto_eft',
      })
      expect(failedParameters(crypto)).toEqual(['paymentMethod'])
    })
  })
}
