// A global payment as its sender sees it (issue 16): the money and its fee leave the account
// as a hold for the recipient, who is e-mailed a /receive/<secret> link (the secret kept only
// hashed); a replay of the key moves money once; with feeIsBen the fee comes out of the
// amount; a code customer approves with globalPayApprove before the link goes out; an
// initiator's payment waits for an approver; the payout methods per country.
import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { globalPayments } from '../../../src/server/db/schema-transfers.ts'
import { secretHashOf } from '../../../src/server/global-pay/global-payments.ts'
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
import { orderOf, setFlags } from '../transfers/external-test-kit.ts'

async function lastMail(server: TestServer, recipient: string) {
  const [message] = await server.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(1)
  return message
}

async function paymentOfOrder(server: TestServer, orderId: unknown) {
  const [row] = await server.db
    .select()
    .from(globalPayments)
    .where(eq(globalPayments.orderId, orderId as number))
  return row
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
    const send = (body: Record<string, unknown>, as = token) =>
      server.post(
        '/rpc/p2pGlobalPaySubmit',
        {
          accountId: usd,
          currencyCode: 'USD',
          toEmail: 'Friend@abroad.example',
          beneficiaryName: 'Ana Lima',
          ...body,
        },
        as,
      )

    it('holds the amount and the fee for the recipient and e-mails the link once, however often the key is sent', async () => {
      const before = await balancesOf(server, token)
      const body = { amount: '100.00', countryCode: 'BR', idempotencyKey: 'global-1' }
      const reply = await send(body)
      expect(reply.body).toMatchObject({
        responseCode: '00',
        approveType: 0,
        fee: '2.00',
        feeCurrencyCode: 'USD',
      })
      expect(reply.body.paymentId).toMatch(/^\d+$/)
      const again = await send(body)
      expect(again.body).toEqual(reply.body)
      const after = await balancesOf(server, token)
      expect(after.balance.USD).toBe(before.balance.USD)
      expect(Number(after.pending.USD) - Number(before.pending.USD)).toBeCloseTo(-102, 2)
      const order = await orderOf(server, reply.body.transactionId)
      expect(order).toMatchObject({ kind: 'global', status: 'heldForClaim' })
      const payment = await paymentOfOrder(server, order!.id)
      expect(payment).toMatchObject({
        id: Number(reply.body.paymentId),
        email: 'friend@abroad.example',
        beneficiaryName: 'Ana Lima',
        countryCode: 'BR',
        status: 'waiting',
      })
      const mail = await lastMail(server, 'friend@abroad.example')
      expect(mail?.subject).toContain('$100.00')
      const secret = /\/receive\/([A-Za-z0-9_-]+)/.exec(mail?.body ?? '')?.[1]
      expect(secret).toBeDefined()
      expect(payment?.secretHash).toBe(secretHashOf(secret!))
      expect(payment?.secretHash).not.toContain(secret!)
      const mails = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'friend@abroad.example'))
      expect(mails).toHaveLength(1)
    })

    it('takes the fee out of the amount when the beneficiary pays it', async () => {
      const before = await balancesOf(server, token)
      const reply = await send({ amount: '50.00', feeIsBen: true, idempotencyKey: 'global-ben' })
      expect(reply.body).toMatchObject({ responseCode: '00', fee: '1.00' })
      const after = await balancesOf(server, token)
      expect(Number(after.pending.USD) - Number(before.pending.USD)).toBeCloseTo(-50, 2)
      const order = await orderOf(server, reply.body.transactionId)
      expect(order).toMatchObject({ amountMinor: 5000n, toAmountMinor: 4900n, feeMinor: 100n })
      const small = await send({ amount: '1.00', feeIsBen: true, idempotencyKey: 'global-ben-2' })
      expect(failedParameters(small)).toEqual(['amount'])
    })

    it('names the field of a bad request and moves nothing', async () => {
      const before = await balancesOf(server, token)
      const cases: [Record<string, unknown>, string][] = [
        [{ accountId: 999999, amount: '5.00', idempotencyKey: 'global-bad-1' }, 'accountId'],
        [{ currencyCode: 'EUR', amount: '5.00', idempotencyKey: 'global-bad-2' }, 'currencyCode'],
        [{ amount: '5.001', idempotencyKey: 'global-bad-3' }, 'amount'],
        [{ amount: '5.00', countryCode: 'QQ', idempotencyKey: 'global-bad-4' }, 'countryCode'],
        [{ amount: '999999.00', idempotencyKey: 'global-bad-5' }, 'amount'],
        [{ amount: '5.00', toEmail: 'not-an-email', idempotencyKey: 'global-bad-6' }, 'toEmail'],
      ]
      for (const [body, field] of cases) {
        const reply = await send(body)
        expect(reply.body.responseCode, field).toBe('VF')
        expect(failedParameters(reply)).toEqual([field])
      }
      expect(await balancesOf(server, token)).toEqual(before)
    })

    it('opens the payment only once a code customer approves it with globalPayApprove', async () => {
      await setApprovalMode(server, 'demo@nova.example', 'sms')
      const reply = await send({
        amount: '10.00',
        toEmail: 'code@abroad.example',
        idempotencyKey: 'global-code',
      })
      expect(reply.body).toMatchObject({ responseCode: '00', approveType: 2 })
      expect(reply.body.paymentId).toBeUndefined()
      expect(await lastMail(server, 'code@abroad.example')).toBeUndefined()
      const approve = (approvalCode: string, key: string, operationId = reply.body.operationId) =>
        server.post(
          '/rpc/globalPayApprove',
          { operationId, approvalCode, idempotencyKey: key },
          token,
        )
      const wrong = await approve('000000', 'global-code-wrong')
      expect(failedParameters(wrong)).toEqual(['approvalCode'])
      const unknown = await approve('000000', 'global-code-x', '12')
      expect(failedParameters(unknown)).toEqual(['operationId'])
      const code = await lastCodeSentTo(server, '+447700900123')
      const approved = await approve(code, 'global-code-ok')
      expect(approved.body.responseCode).toBe('00')
      expect(await paymentOfOrder(server, reply.body.transactionId)).toMatchObject({
        status: 'waiting',
      })
      expect((await lastMail(server, 'code@abroad.example'))?.body).toContain('/receive/')
      await setApprovalMode(server, 'demo@nova.example', 'simple')
    })

    it('makes an initiator’s payment an approval request, opened when the approver approves', async () => {
      const company = await customerIdOf(server, 'business@nova.example')
      await setFlags(server, 'business@nova.example', { sendMoneyGlobalTransfer: true })
      const initiator = (await server.signIn('initiator@nova.example')).accessToken
      const approver = (await server.signIn('business@nova.example')).accessToken
      const companyUsd = (await balancesOf(server, approver)).ids.USD!
      const reply = await send(
        {
          fromCustomerId: company,
          accountId: companyUsd,
          amount: '30.00',
          toEmail: 'supplier@abroad.example',
          idempotencyKey: 'global-initiated',
        },
        initiator,
      )
      expect(reply.body).toMatchObject({ responseCode: '00', approvalRequestCreated: true })
      expect(await paymentOfOrder(server, reply.body.transactionId)).toBeUndefined()
      const approved = await server.post(
        '/rpc/businessTransactionApprove',
        { transactionIds: [reply.body.transactionId], idempotencyKey: 'global-initiated-ok' },
        approver,
      )
      expect(approved.body.responseCode).toBe('00')
      expect(await paymentOfOrder(server, reply.body.transactionId)).toMatchObject({
        status: 'waiting',
        email: 'supplier@abroad.example',
      })
    })

    it('lists the payout methods of a country, without crypto', async () => {
      const reply = await server.post('/rpc/p2pGlobalPayMethodList', { countryCode: 'BR' }, token)
      const types = ((reply.body.methods ?? []) as { transferType: string }[]).map(
        (m) => m.transferType,
      )
      expect(types).toEqual(['wire', 'eft', 'oct', 'instant_payment'])
      const inBrl = await server.post(
        '/rpc/p2pGlobalPayMethodList',
        { countryCode: 'BR', currencyCode: 'BRL' },
        token,
      )
      expect(
        ((inBrl.body.methods ?? []) as { transferType: string }[]).map((m) => m.transferType),
      ).toEqual(['eft', 'instant_payment'])
      const bad = await server.post('/rpc/p2pGlobalPayMethodList', { countryCode: 'QQ' }, token)
      expect(failedParameters(bad)).toEqual(['countryCode'])
    })
  })
}
