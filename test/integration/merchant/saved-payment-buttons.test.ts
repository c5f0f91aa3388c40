// savedPaymentButtonList, Get, Create, Update, Delete: the merchant's saved payment buttons
// with their HTML code (product-spec section 7, Merchant operations), from the demo data.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface Button {
  id: number
  name: string
  accountId: number
  currencyCode: string
  amount?: string
  itemName?: string
  logoId?: number
  code: string
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

    const list = async (as = token): Promise<Button[]> => {
      const reply = await server.post('/rpc/savedPaymentButtonList', {}, as)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.buttons as Button[]
    }

    it('lists the demo buttons newest first, each with its HTML code', async () => {
      const buttons = await list()
      expect(buttons.map((button) => [button.name, button.currencyCode, button.amount])).toEqual([
        ['Donation', 'USD', undefined],
        ['Consulting hour', 'EUR', '85.50'],
        ['Annual licence', 'EUR', '120.00'],
      ])
      const licence = buttons[2]!
      expect(licence.code).toContain(`name="buttonId" value="${licence.id}"`)
      expect(licence.code).toContain('Northwind Pro, one year')
      // The price is not in the HTML, so a payer cannot change it.
      expect(licence.code).not.toMatch(/amount|120\.00|EUR|accountId/)
    })

    it('creates a button that the list and get then show, with escaped HTML', async () => {
      const created = await server.post(
        '/rpc/savedPaymentButtonCreate',
        {
          name: 'Gift card',
          accountId: eurAccountId,
          itemName: 'Gift <card> "50"',
          amount: '50',
          currencyCode: 'EUR',
          returnUrl: 'https://shop.example/ok',
        },
        token,
      )
      expect(created.body.responseCode, created.text).toBe('00')
      const button = created.body.button as Button
      expect(button).toMatchObject({ name: 'Gift card', amount: '50.00', currencyCode: 'EUR' })
      expect(button.code).toContain('Gift &lt;card&gt; &quot;50&quot;')
      expect(button.code).not.toContain('<card>')

      const got = await server.post('/rpc/savedPaymentButtonGet', { id: button.id }, token)
      expect(got.body.button).toEqual(button)
      expect((await list())[0]?.id).toBe(button.id)
    })

    it('takes the account’s currency when none is given', async () => {
      const created = await server.post(
        '/rpc/savedPaymentButtonCreate',
        { name: 'Tip jar', accountId: usdAccountId },
        token,
      )
      expect(created.body.button).toMatchObject({ currencyCode: 'USD' })
      expect(created.body.button).not.toHaveProperty('amount')
    })

    it('names each field the merchant cannot use in one VF answer', async () => {
      const demo = await server.signIn('demo@nova.example')
      const demoAccounts = (await server.post('/rpc/balanceInquiry', {}, demo.accessToken)).body
        .accounts!
      const foreign = await server.post(
        '/rpc/savedPaymentButtonCreate',
        { name: 'X', accountId: demoAccounts[0]!.accountId },
        token,
      )
      expect(foreign.body.responseCode).toBe('VF')
      expect(failedParameters(foreign)).toEqual(['accountId'])

      const wrong = await server.post(
        '/rpc/savedPaymentButtonCreate',
        { name: 'X', accountId: eurAccountId, currencyCode: 'USD', logoId: 999_999 },
        token,
      )
      expect(failedParameters(wrong)).toEqual(['currencyCode', 'logoId'])

      const decimals = await server.post(
        '/rpc/savedPaymentButtonCreate',
        { name: 'X', accountId: eurAccountId, amount: '1.005' },
        token,
      )
      expect(failedParameters(decimals)).toEqual(['amount'])

      const shape = await server.post(
        '/rpc/savedPaymentButtonCreate',
        { name: '', accountId: eurAccountId, returnUrl: 'not a url' },
        token,
      )
      expect(shape.body.responseCode).toBe('VF')
      expect(failedParameters(shape).sort()).toEqual(['name', 'returnUrl'])
    })

    it('replaces a button on update, clearing fields left out', async () => {
      const licence = (await list()).find((button) => button.name === 'Annual licence')!
      expect(licence.logoId).toBeDefined()
      const updated = await server.post(
        '/rpc/savedPaymentButtonUpdate',
        { id: licence.id, name: 'Annual licence 2027', accountId: eurAccountId, amount: '130.00' },
        token,
      )
      expect(updated.body.responseCode, updated.text).toBe('00')
      const button = updated.body.button as Button
      expect(button).toMatchObject({
        id: licence.id,
        name: 'Annual licence 2027',
        amount: '130.00',
      })
      expect(button).not.toHaveProperty('logoId')
      expect(button).not.toHaveProperty('itemName')
    })

    it('deletes a button, and keeps other merchants’ buttons out of reach', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      expect(await list(demo)).toEqual([])
      const donation = (await list()).find((button) => button.name === 'Donation')!
      for (const [path, body] of [
        ['/rpc/savedPaymentButtonGet', { id: donation.id }],
        ['/rpc/savedPaymentButtonDelete', { id: donation.id }],
        [
          '/rpc/savedPaymentButtonUpdate',
          { id: donation.id, name: 'Mine', accountId: usdAccountId },
        ],
      ] as const) {
        const denied = await server.post(path, body, demo)
        expect(denied.body.responseCode).toBe('VF')
      }
      const deleted = await server.post('/rpc/savedPaymentButtonDelete', { id: donation.id }, token)
      expect(deleted.body.responseCode).toBe('00')
      expect((await list()).some((button) => button.id === donation.id)).toBe(false)
      const again = await server.post('/rpc/savedPaymentButtonDelete', { id: donation.id }, token)
      expect(failedParameters(again)).toEqual(['id'])
    })

    it('refuses ids in the body of another customer and answers 401 AU without a token', async () => {
      const extra = await server.post('/rpc/savedPaymentButtonList', { customerId: 1001 }, token)
      expect(failedParameters(extra)).toEqual(['customerId'])
      const reply = await server.post('/rpc/savedPaymentButtonList', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
