// P2P by e-mail as a customer sees it (product-spec sections 5-7): the checks before sending
// (existence, employee, payout blacklist), the fee, the submit with its extras, the money
// arriving at the payee, money to an e-mail with no customer held with a claim e-mail queued,
// a blacklisted payee refused, and the recent list and beneficiaries afterwards.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { payoutBlacklist } from '../../../src/server/db/schema-security.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { p2pClaims, transferOrders } from '../../../src/server/db/schema-transfers.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf, customerIdOf } from './transfer-test-kit.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let businessToken: string
    let usd: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      businessToken = (await server.signIn('business@nova.example')).accessToken
      usd = (await balancesOf(server, token)).ids.USD!
    })
    afterAll(async () => {
      await server?.close()
    })
    const send = (body: Record<string, unknown>) =>
      server.post('/rpc/p2pTransferSubmit', { accountId: usd, currency: 'USD', ...body }, token)

    const checks: [string, { email: string; want: Record<string, boolean> }][] = [
      [
        'a customer',
        {
          email: 'business@nova.example',
          want: { exists: true, isEmployee: false, outBlacklist: true },
        },
      ],
      [
        'an employee of a business',
        {
          email: 'Employee@nova.example',
          want: { exists: true, isEmployee: true, outBlacklist: true },
        },
      ],
      [
        'an unknown e-mail',
        {
          email: 'nobody@else.example',
          want: { exists: false, isEmployee: false, outBlacklist: true },
        },
      ],
    ]
    it.each(checks)(
      'payeeCheck and emailExistsCheck describe %s',
      async (_name, { email, want }) => {
        for (const call of ['/rpc/payeeCheck', '/rpc/emailExistsCheck']) {
          const reply = await server.post(call, { email }, token)
          expect(reply.body).toMatchObject({ responseCode: '00', exist: want.exists, ...want })
        }
      },
    )

    it('names the payee as the review shows it: a business name, a person by first name and initial', async () => {
      const name = async (email: string) =>
        (await server.post('/rpc/payeeCheck', { email }, token)).body.payeeName
      expect(await name('business@nova.example')).toBe('Northwind Trading Ltd')
      expect(await name('employee@nova.example')).toMatch(/^\S+ \p{Lu}\.$/u)
      expect(await name('nobody@else.example')).toBeUndefined()
      const exists = await server.post(
        '/rpc/emailExistsCheck',
        { email: 'business@nova.example' },
        token,
      )
      expect(exists.body.payeeName).toBeUndefined()
    })

    it('quotes the P2P fee: 1% rounded up, at least 0.30, at most 10.00', async () => {
      const fee = async (amount: string) =>
        (await server.post('/rpc/p2pTransferFeeGet', { accountId: usd, amount }, token)).body.fee
      expect(await fee('10.00')).toBe('0.30')
      expect(await fee('123.45')).toBe('1.24')
      expect(await fee('5000.00')).toBe('10.00')
    })

    it('sends 100.00 USD to a customer: sender pays amount and fee, payee gets the amount', async () => {
      const businessBefore = await balancesOf(server, businessToken)
      const reply = await send({
        amount: '100.00',
        toEmail: 'business@nova.example',
        note: 'Invoice 42',
        reference: 'INV-42',
        couponCode: 'SPRING',
        templateName: 'Northwind',
        platform: 'web',
        idempotencyKey: 'p2p-business-1',
      })
      expect(reply.body).toMatchObject({
        responseCode: '00',
        approveType: 0,
        fee: '1.00',
        feeCurrencyCode: 'USD',
      })
      expect((await balancesOf(server, token)).balance.USD).toBe('1149.75')
      const businessAfter = await balancesOf(server, businessToken)
      expect(Number(businessAfter.balance.USD) - Number(businessBefore.balance.USD)).toBeCloseTo(
        100,
        2,
      )
      const [order] = await server.db
        .select()
        .from(transferOrders)
        .where(eq(transferOrders.id, reply.body.transactionId as number))
      expect(order?.details).toMatchObject({
        note: 'Invoice 42',
        reference: 'INV-42',
        couponCode: 'SPRING',
        templateName: 'Northwind',
      })
    })

    it('holds money sent to an e-mail with no customer and queues a claim e-mail', async () => {
      const reply = await send({
        amount: '20.00',
        toEmail: 'New.Friend@mail.example',
        idempotencyKey: 'p2p-claim-1',
      })
      expect(reply.body.responseCode).toBe('00')
      const after = await balancesOf(server, token)
      expect(after.balance.USD).toBe('1149.75')
      expect(after.pending.USD).toBe('-45.30') // the demo card hold of 25.00 plus 20.00 and its 0.30 fee
      const [claim] = await server.db
        .select()
        .from(p2pClaims)
        .where(eq(p2pClaims.orderId, reply.body.transactionId as number))
      expect(claim?.email).toBe('new.friend@mail.example')
      const [message] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'new.friend@mail.example'))
      expect(message?.subject).toBe('You have been sent $20.00')
    })

    it('refuses a payee on the payout blacklist, and the sender themself', async () => {
      const customerId = await customerIdOf(server, 'demo@nova.example')
      await server.db
        .insert(payoutBlacklist)
        .values({ customerId, email: 'blocked@mail.example', blockType: 1 })
      const check = await server.post('/rpc/payeeCheck', { email: 'blocked@mail.example' }, token)
      expect(check.body.outBlacklist).toBe(false)
      const before = await balancesOf(server, token)
      const blocked = await send({
        amount: '5.00',
        toEmail: 'blocked@mail.example',
        idempotencyKey: 'p2p-blocked',
      })
      expect(failedParameters(blocked)).toEqual(['toEmail'])
      const self = await send({
        amount: '5.00',
        toEmail: 'demo@nova.example',
        idempotencyKey: 'p2p-self',
      })
      expect(failedParameters(self)).toEqual(['toEmail'])
      expect(await balancesOf(server, token)).toEqual(before)
      const orders = await server.db
        .select()
        .from(transferOrders)
        .where(
          and(
            eq(transferOrders.customerId, customerId),
            eq(transferOrders.toEmail, 'blocked@mail.example'),
          ),
        )
      expect(orders).toEqual([])
    })

    it('refuses an amount above the single P2P limit of 5000.00', async () => {
      const reply = await send({
        amount: '5000.01',
        toEmail: 'business@nova.example',
        idempotencyKey: 'p2p-limit',
      })
      expect(failedParameters(reply)).toEqual(['amount'])
      expect(reply.body.responseDescription).toContain('transaction limit')
    })

    it('lists the 3 recent P2P transfers newest first, and the beneficiaries once each', async () => {
      await send({
        amount: '1.00',
        toEmail: 'business@nova.example',
        idempotencyKey: 'p2p-business-2',
      })
      const recent = await server.post(
        '/rpc/recentTransferList',
        { types: ['p2p'], limit: 3 },
        token,
      )
      const transfers = recent.body.transfers as { destination: string; amount: string }[]
      expect(transfers.map((t) => [t.destination, t.amount])).toEqual([
        ['business@nova.example', '1.00'],
        ['new.friend@mail.example', '20.00'],
        ['business@nova.example', '100.00'],
      ])
      const list = await server.post('/rpc/p2pBeneficiaryList', {}, token)
      expect(list.body.beneficiaries).toMatchObject([
        { email: 'business@nova.example', name: 'Northwind Trading Ltd', lastAmount: '1.00' },
        { email: 'new.friend@mail.example', lastAmount: '20.00' },
      ])
    })
  })
}
