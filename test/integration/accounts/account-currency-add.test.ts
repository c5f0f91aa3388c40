// accountCurrencyAdd: a payment account in another currency, once per currency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    it('opens a GBP payment account with a zero balance, once', async () => {
      const reply = await server.post('/rpc/accountCurrencyAdd', { currencyCode: 'GBP' }, token)
      expect(reply.body.account).toMatchObject({
        type: 1001,
        currencyCode: 'GBP',
        balance: '0.00',
        accountStatusId: 2,
      })
      const again = await server.post('/rpc/accountCurrencyAdd', { currencyCode: 'GBP' }, token)
      expect(failedParameters(again)).toEqual(['currencyCode'])
      const unknown = await server.post('/rpc/accountCurrencyAdd', { currencyCode: 'JPY' }, token)
      expect(failedParameters(unknown)).toEqual(['currencyCode'])
      const accounts = (await server.post('/rpc/balanceInquiry', {}, token)).body.accounts ?? []
      expect(accounts.map((a) => a.currencyCode)).toEqual(['USD', 'EUR', 'GBP'])
    })
  })
}
