// What a customer may send before sending it (product-spec sections 3, 5 and 7): the fee calls,
// the limits with what is used of them, and the maximum amount with what bounds it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { balancesOf } from './transfer-test-kit.ts'
import { houseAccount } from '../../../src/server/ledger/house-accounts.ts'
import { postTransfer } from '../../../src/server/ledger/post-transfer.ts'

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
    const call = (op: string, body: Record<string, unknown>) =>
      server.post(`/rpc/${op}`, body, token)

    it('quotes no fee between own accounts, and refuses the same account twice', async () => {
      const fee = await call('betweenAccountsFeeGet', {
        amount: '100.00',
        fromAccountId: ids.USD,
        toAccountId: ids.EUR,
      })
      expect(fee.body).toMatchObject({ responseCode: '00', fee: '0.00', feeCurrencyCode: 'USD' })
      const same = await call('betweenAccountsFeeGet', {
        amount: '1.00',
        fromAccountId: ids.USD,
        toAccountId: ids.USD,
      })
      expect(failedParameters(same)).toEqual(['toAccountId'])
    })

    it('bounds between accounts by the available balance: 1250.75 less the 25.00 hold', async () => {
      const reply = await call('maxAmountGet', {
        operation: 'betweenAccounts',
        fromAccountId: ids.USD,
        toAccountId: ids.EUR,
      })
      expect(reply.body.maxAmount).toEqual({
        amount: '1225.75',
        type: 'balance',
        minAmount: '0.01',
        currencyCode: 'USD',
      })
    })

    it('bounds P2P by the balance with the fee taken off', async () => {
      const reply = await call('maxAmountGet', {
        operation: 'p2p',
        fromAccountId: ids.USD,
        countryCode: 'GB',
        currencyCode: 'USD',
      })
      // 1215.75 and its fee, 1% capped at 10.00, make 1225.75.
      expect(reply.body.maxAmount).toMatchObject({ amount: '1215.75', type: 'balance' })
    })

    it('answers success false without the accounts or country a limit needs', async () => {
      const reply = await call('customerLimitsGet', {
        type: 'p2p',
        fromAccountId: 1,
        countryCode: 'GB',
      })
      expect(reply.body.limits).toEqual({ success: false, type: 'p2p' })
    })

    it('counts what was sent today against the P2P limits, and the daily limit bounds the maximum', async () => {
      // Money from outside, straight through the ledger, so the limits bind before the balance.
      const clearing = await houseAccount(server.db, 'clearing:test', 'USD')
      await postTransfer(server.db, {
        idempotencyKey: 'test-funding-usd',
        kind: 'test',
        postings: [
          { accountId: clearing, currencyCode: 'USD', amountMinor: -2_000_000n },
          { accountId: ids.USD!, currencyCode: 'USD', amountMinor: 2_000_000n },
        ],
      })
      const sent = await call('p2pTransferSubmit', {
        accountId: ids.USD,
        amount: '4000.00',
        currency: 'USD',
        toEmail: 'business@nova.example',
        idempotencyKey: 'p2p-limit-use-1',
      })
      expect(sent.body.responseCode, JSON.stringify(sent.body)).toBe('00')
      const limits = await call('customerLimitsGet', {
        type: 'p2p',
        fromAccountId: ids.USD,
        countryCode: 'GB',
      })
      expect(limits.body.limits).toMatchObject({
        success: true,
        type: 'p2p',
        currencyCode: 'USD',
        limits: [
          { period: 'transaction', limit: '5000.00', used: '0.00', remaining: '5000.00' },
          { period: 'daily', limit: '10000.00', used: '4000.00', remaining: '6000.00' },
          { period: 'monthly', limit: '50000.00', used: '4000.00', remaining: '46000.00' },
        ],
      })
      const max = await call('maxAmountGet', {
        operation: 'p2p',
        fromAccountId: ids.USD,
        countryCode: 'GB',
        currencyCode: 'USD',
      })
      expect(max.body.maxAmount).toMatchObject({ amount: '5000.00', type: 'single' })
      const more = await call('p2pTransferSubmit', {
        accountId: ids.USD,
        amount: '4000.00',
        currency: 'USD',
        toEmail: 'business@nova.example',
        idempotencyKey: 'p2p-limit-use-2',
      })
      expect(more.body.responseCode).toBe('00')
      const daily = await call('maxAmountGet', {
        operation: 'p2p',
        fromAccountId: ids.USD,
        countryCode: 'GB',
        currencyCode: 'USD',
      })
      expect(daily.body.maxAmount).toMatchObject({ amount: '2000.00', type: 'daily' })
      const over = await call('p2pTransferSubmit', {
        accountId: ids.USD,
        amount: '2000.01',
        currency: 'USD',
        toEmail: 'business@nova.example',
        idempotencyKey: 'p2p-limit-use-3',
      })
      expect(failedParameters(over)).toEqual(['amount'])
    })
  })
}
