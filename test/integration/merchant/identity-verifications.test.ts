// merchantIdentityVerificationFeeGet, Create and List: the fee per account currency, a
// request that charges it through the ledger and is listed as pending, idempotent retries,
// filters and paging (product-spec section 7, Merchant operations; section 9, page 1000).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { houseAccount } from '../../../src/server/ledger/house-accounts.ts'
import { postTransfer } from '../../../src/server/ledger/post-transfer.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface Item {
  id: number
  accountId: number
  email: string
  status: string
  fee: { amount: string; currencyCode: string }
  createdAt: string
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let eurAccountId: number
    let usdAccountId: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('business@nova.example')).accessToken
      const accounts = (await server.post('/rpc/balanceInquiry', {}, token)).body.accounts ?? []
      eurAccountId = accounts.find((account) => account.currencyCode === 'EUR')!.accountId
      usdAccountId = accounts.find((account) => account.currencyCode === 'USD')!.accountId
    })
    afterAll(async () => {
      await server?.close()
    })

    const balanceOf = async (accountId: number) => {
      const accounts = (await server.post('/rpc/balanceInquiry', {}, token)).body.accounts ?? []
      return accounts.find((account) => account.accountId === accountId)?.balance
    }

    const create = (body: Record<string, unknown>, as = token) =>
      server.post('/rpc/merchantIdentityVerificationCreate', body, as)

    const list = async (body: Record<string, unknown> = {}) => {
      const reply = await server.post('/rpc/merchantIdentityVerificationList', body, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body as { items: Item[]; total: number; fee?: Item['fee'] }
    }

    it('answers the fee of the account’s currency', async () => {
      for (const [accountId, fee] of [
        [eurAccountId, { amount: '2.00', currencyCode: 'EUR' }],
        [usdAccountId, { amount: '2.50', currencyCode: 'USD' }],
      ] as const) {
        const reply = await server.post(
          '/rpc/merchantIdentityVerificationFeeGet',
          { accountId },
          token,
        )
        expect(reply.body.fee).toEqual(fee)
      }
    })

    it('starts with an empty history and the fee of the first account', async () => {
      const { items, total, fee } = await list()
      expect(items).toEqual([])
      expect(total).toBe(0)
      expect(fee).toEqual({ amount: '2.00', currencyCode: 'EUR' })
    })

    it('records a pending request, charges the fee once, and lists it', async () => {
      const body = {
        accountId: eurAccountId,
        email: 'Payer.One@Mail.Example',
        firstName: 'Payer',
        lastName: 'One',
        idempotencyKey: 'idv-first-0001',
      }
      const reply = await create(body)
      expect(reply.body.responseCode, reply.text).toBe('00')
      const item = reply.body.item as Item
      expect(item).toMatchObject({
        accountId: eurAccountId,
        email: 'payer.one@mail.example',
        firstName: 'Payer',
        status: 'pending',
        fee: { amount: '2.00', currencyCode: 'EUR' },
      })
      expect(await balanceOf(eurAccountId)).toBe('15398.00')

      // A retry with the same key answers the same request and charges nothing more.
      const retry = await create(body)
      expect(retry.body.item).toEqual(item)
      expect(await balanceOf(eurAccountId)).toBe('15398.00')
      const reused = await create({ ...body, email: 'someone.else@mail.example' })
      expect(failedParameters(reused)).toEqual(['idempotencyKey'])

      const { items, total } = await list()
      expect(total).toBe(1)
      expect(items).toEqual([item])
    })

    it('filters by e-mail, status and day, and pages', async () => {
      await create({
        accountId: usdAccountId,
        email: 'payer.two@mail.example',
        idempotencyKey: 'idv-second-02',
      })
      // 7118.90 after the demo's paid-out global payment, less this check's 2.50 fee.
      expect(await balanceOf(usdAccountId)).toBe('7116.40')
      expect((await list()).items.map((item) => item.email)).toEqual([
        'payer.two@mail.example',
        'payer.one@mail.example',
      ])
      expect((await list({ email: 'PAYER.ONE@mail.example' })).total).toBe(1)
      expect((await list({ status: 'pending' })).total).toBe(2)
      expect((await list({ status: 'completed' })).total).toBe(0)
      const today = new Date().toISOString().slice(0, 10)
      expect((await list({ fromDate: today, toDate: today })).total).toBe(2)
      expect((await list({ toDate: '2020-01-01' })).total).toBe(0)
      const second = await list({ pageSize: 1, pageNumber: 2 })
      expect(second.total).toBe(2)
      expect(second.items.map((item) => item.email)).toEqual(['payer.one@mail.example'])
    })

    it('refuses an account that cannot pay, or is not the merchant’s, with VF naming accountId', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const demoAccounts = (await server.post('/rpc/balanceInquiry', {}, demo)).body.accounts!
      const foreign = await create({
        accountId: demoAccounts[0]!.accountId,
        email: 'x@mail.example',
        idempotencyKey: 'idv-foreign-1',
      })
      expect(failedParameters(foreign)).toEqual(['accountId'])
      const fee = await server.post(
        '/rpc/merchantIdentityVerificationFeeGet',
        { accountId: eurAccountId },
        demo,
      )
      expect(failedParameters(fee)).toEqual(['accountId'])
      expect((await list()).total).toBe(2)
    })

    it('refuses a fee the available balance does not cover', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const usd = (await server.post('/rpc/balanceInquiry', {}, demo)).body.accounts!.find(
        (account) => account.currencyCode === 'USD',
      )!
      // 1250.75 with a 25.00 hold: move 1222.75 out, leaving 3.00 available for 2.50 fees.
      const clearing = await houseAccount(server.db, 'clearing:demo', 'USD')
      await postTransfer(server.db, {
        idempotencyKey: 'test-drain-demo-usd',
        kind: 'test_drain',
        postings: [
          { accountId: usd.accountId, currencyCode: 'USD', amountMinor: -122275n },
          { accountId: clearing, currencyCode: 'USD', amountMinor: 122275n },
        ],
      })
      const first = await create(
        { accountId: usd.accountId, email: 'p1@mail.example', idempotencyKey: 'idv-drain-1' },
        demo,
      )
      expect(first.body.responseCode, first.text).toBe('00')
      const second = await create(
        { accountId: usd.accountId, email: 'p2@mail.example', idempotencyKey: 'idv-drain-2' },
        demo,
      )
      expect(second.body.responseCode).toBe('VF')
      expect(second.body.errors).toEqual([
        {
          parameter: 'accountId',
          description: 'the available balance does not cover the fee of 2.50 USD',
        },
      ])
      const after = (await server.post('/rpc/balanceInquiry', {}, demo)).body.accounts!
      expect(after.find((account) => account.accountId === usd.accountId)?.balance).toBe('25.50')
    })

    it('refuses bad input with VF naming the field, and answers 401 AU without a token', async () => {
      const noKey = await create({ accountId: eurAccountId, email: 'x@mail.example' })
      expect(failedParameters(noKey)).toEqual(['idempotencyKey'])
      const badStatus = await server.post(
        '/rpc/merchantIdentityVerificationList',
        { status: 'unknown' },
        token,
      )
      expect(failedParameters(badStatus)).toEqual(['status'])
      const anonymous = await server.post('/rpc/merchantIdentityVerificationList', {})
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.responseCode).toBe('AU')
    })
  })
}
