// A global payment as its recipient sees it on /receive/<secret> (issue 16): the details, the
// country, methods, quote and fields; a withdrawal submitted and approved with the code
// e-mailed to the recipient goes out through the rail and the sender's money leaves for good;
// a wrong code counts down; a refusal gives the sender back exactly what was held; an unknown
// and an expired secret get the same answer; earlier withdrawals can be read back.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { globalPayments } from '../../../src/server/db/schema-transfers.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf, lastCodeSentTo } from '../transfers/transfer-test-kit.ts'
import { orderOf, railReports, setFlags } from '../transfers/external-test-kit.ts'
import { seedDemo } from '../../../src/server/demo/seed.ts'

const wireDetails = {
  accountNumber: 'BR1800360305000010009795493C1',
  swift: 'DEUTDEFF',
  beneficiaryType: 'individual',
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let usd: number
    beforeAll(async () => {
      server = await startServer(target)
      await setFlags(server, 'demo@nova.example', { sendMoneyGlobalTransfer: true })
      token = (await server.signIn('demo@nova.example')).accessToken
      usd = (await balancesOf(server, token)).ids.USD!
    })
    afterAll(async () => {
      await server?.close()
    })

    it('seeding the demo again (a second start) leaves the global payments as they are', async () => {
      const business = (await server.signIn('business@nova.example')).accessToken
      const before = await balancesOf(server, business)
      const count = async () => (await server.db.select().from(globalPayments)).length
      const rows = await count()
      await seedDemo(server.db)
      expect(await count()).toBe(rows)
      expect(await balancesOf(server, business)).toEqual(before)
    })

    /** Sends a payment to the e-mail and answers the secret its link carries. */
    async function sendTo(email: string, key: string, extra: Record<string, unknown> = {}) {
      const reply = await server.post(
        '/rpc/p2pGlobalPaySubmit',
        {
          accountId: usd,
          amount: '100.00',
          currencyCode: 'USD',
          toEmail: email,
          beneficiaryName: 'Ana Lima',
          countryCode: 'BR',
          description: 'Rent, May',
          idempotencyKey: key,
          ...extra,
        },
        token,
      )
      expect(reply.body.responseCode).toBe('00')
      const [mail] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
      const secret = /\/receive\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1]
      if (!secret) throw new Error(`no link was sent to ${email}`)
      return { secret, paymentId: Number(reply.body.paymentId), orderId: reply.body.transactionId }
    }
    const call = (operation: string, secret: string, body: Record<string, unknown> = {}) =>
      server.post(`/rpc/${operation}`, { paymentSecret: secret, ...body })

    it('shows the payment, and answers an unknown and an expired secret alike', async () => {
      const { secret, paymentId } = await sendTo('reader@abroad.example', 'recipient-read')
      const reply = await call('globalRecipientPaymentDetailsGet', secret)
      expect(reply.body).toMatchObject({
        responseCode: '00',
        paymentDetails: {
          paymentId,
          beneficiaryName: 'Ana Lima',
          amount: '100.00',
          currencyCode: 'USD',
          description: 'Rent, May',
          feeIsBen: false,
          status: 'waiting',
          allowedCountries: ['BR'],
        },
      })
      // A day begun counts: 14 right after sending, as the e-mail and the sender's summary say.
      expect((reply.body.paymentDetails as { expireDays: number }).expireDays).toBe(14)
      const unknown = await call('globalRecipientPaymentDetailsGet', 'x'.repeat(32))
      expect(failedParameters(unknown)).toEqual(['paymentSecret'])
      await server.db
        .update(globalPayments)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(globalPayments.id, paymentId))
      const expired = await call('globalRecipientPaymentDetailsGet', secret)
      expect(expired.body).toEqual(unknown.body)
    })

    it('offers the country, methods, quote and fields of the payment', async () => {
      const { secret } = await sendTo('chooser@abroad.example', 'recipient-choose')
      const countries = await call('globalRecipientCountryList', secret)
      expect(countries.body.countries).toEqual([{ countryCode: 'BR', name: expect.any(String) }])
      const methods = await call('globalRecipientMethodList', secret, { countryCode: 'BR' })
      expect(
        (methods.body.options as { transferType: string }[]).map((m) => m.transferType),
      ).toEqual(['wire', 'oct'])
      const otherCountry = await call('globalRecipientMethodList', secret, { countryCode: 'DE' })
      expect(failedParameters(otherCountry)).toEqual(['countryCode'])
      const choice = { paymentMethod: 'wire', countryCode: 'BR' }
      const meta = await call('globalRecipientMetaGet', secret, {
        ...choice,
        toCurrencyCode: 'USD',
      })
      expect(meta.body.meta).toEqual({
        exchangeRate: '1',
        toAmount: '100.00',
        fee: '0.00',
        feeCurrencyCode: 'USD',
      })
      const otherCurrency = await call('globalRecipientMetaGet', secret, {
        ...choice,
        toCurrencyCode: 'EUR',
      })
      expect(failedParameters(otherCurrency)).toEqual(['toCurrencyCode'])
      const fields = await call('globalRecipientExtraParamList', secret, {
        ...choice,
        currencyCode: 'USD',
      })
      const names = (fields.body.extraParams as { name: string }[]).map((f) => f.name)
      expect(names.slice(0, 2)).toEqual(['accountNumber', 'swift'])
      const crypto = await call('globalRecipientExtraParamList', secret, {
        ...choice,
        paymentMethod: 'crypto_eft',
        currencyCode: 'USD',
      })
      expect(failedParameters(crypto)).toEqual(['paymentMethod'])
    })

    it('pays the withdrawal out through the rail once the recipient enters the code', async () => {
      const before = await balancesOf(server, token)
      const { secret, orderId, paymentId } = await sendTo('payee@abroad.example', 'recipient-pay')
      const submit = (details: Record<string, string>, key: string) =>
        call('globalRecipientPaymentSubmit', secret, {
          paymentMethod: 'wire',
          currencyCode: 'USD',
          paymentDetails: details,
          idempotencyKey: key,
        })
      const missing = await submit({ ...wireDetails, swift: '' }, 'withdraw-0')
      expect(failedParameters(missing)).toEqual(['paymentDetails.swift'])
      const badSwift = await submit({ ...wireDetails, swift: 'NOTASWIFT1' }, 'withdraw-00')
      expect(failedParameters(badSwift)).toEqual(['paymentDetails.swift'])
      const submitted = await submit(wireDetails, 'withdraw-1')
      expect(submitted.body).toMatchObject({
        responseCode: '00',
        approveType: 4,
        approvalSentTo: 'p****@abroad.example',
      })
      expect(await submit(wireDetails, 'withdraw-1')).toMatchObject({ body: submitted.body })
      const operationId = submitted.body.operationId
      const approve = (approvalCode: string, key: string) =>
        call('globalRecipientPaymentApprove', secret, {
          approvalCode,
          operationId,
          idempotencyKey: key,
        })
      const first = await lastCodeSentTo(server, 'payee@abroad.example')
      const wrong = await approve(first === '000000' ? '111111' : '000000', 'approve-wrong')
      expect(failedParameters(wrong)).toEqual(['approvalCode'])
      expect(wrong.body.responseDescription).toContain('4')
      const resent = await call('globalRecipientApprovalCodeResend', secret, {
        approveType: 4,
        operationId,
      })
      expect(resent.body).toMatchObject({
        responseCode: '00',
        approvalSentTo: 'p****@abroad.example',
      })
      const code = await lastCodeSentTo(server, 'payee@abroad.example')
      if (code !== first)
        expect(failedParameters(await approve(first, 'approve-old'))).toEqual(['approvalCode'])
      const approved = await approve(code, 'approve-ok')
      expect(approved.body.responseCode).toBe('00')
      expect(await approve(code, 'approve-ok')).toMatchObject({ body: approved.body })
      expect(await orderOf(server, orderId)).toMatchObject({ status: 'pending' })
      await railReports(server)
      expect(await orderOf(server, orderId)).toMatchObject({ status: 'settled' })
      const details = await call('globalRecipientPaymentDetailsGet', secret)
      expect((details.body.paymentDetails as { status: string }).status).toBe('paid')
      const after = await balancesOf(server, token)
      expect(Number(after.balance.USD) - Number(before.balance.USD)).toBeCloseTo(-102, 2)
      expect(after.pending.USD).toBe(before.pending.USD)
      const again = await approve(code, 'approve-again')
      expect(failedParameters(again)).toEqual(['paymentSecret'])

      const listed = await call('globalRecipientLastWithdrawalList', secret)
      expect((listed.body.withdrawals as unknown[])[0]).toMatchObject({
        transactionId: paymentId,
        type: 'wire',
        amount: '100.00',
        currencyCode: 'USD',
        countryCode: 'BR',
      })
      const earlier = await call('globalRecipientWithdrawalDetailsGet', secret, { paymentId })
      expect(earlier.body).toMatchObject({ responseCode: '00', type: 'wire', details: wireDetails })
      const notTheirs = await call('globalRecipientWithdrawalDetailsGet', secret, { paymentId: 1 })
      expect(failedParameters(notTheirs)).toEqual(['paymentId'])
    })

    it('gives the sender back exactly what was held when the recipient refuses', async () => {
      const before = await balancesOf(server, token)
      const { secret, paymentId, orderId } = await sendTo(
        'refuser@abroad.example',
        'recipient-refuse',
        {
          feeIsBen: true,
        },
      )
      const held = await balancesOf(server, token)
      expect(Number(held.pending.USD) - Number(before.pending.USD)).toBeCloseTo(-100, 2)
      const wrongId = await call('globalRecipientPaymentCancel', secret, {
        paymentId: paymentId + 1,
      })
      expect(failedParameters(wrongId)).toEqual(['paymentId'])
      const refused = await call('globalRecipientPaymentCancel', secret, { paymentId })
      expect(refused.body).toMatchObject({
        responseCode: '00',
        paymentDetails: { status: 'refused', amount: '98.00', feeIsBen: true },
      })
      expect(await balancesOf(server, token)).toEqual(before)
      expect(await orderOf(server, orderId)).toMatchObject({ status: 'declined' })
      const twice = await call('globalRecipientPaymentCancel', secret, { paymentId })
      expect(failedParameters(twice)).toEqual(['paymentSecret'])
    })
  })
}
