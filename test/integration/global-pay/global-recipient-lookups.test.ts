// The recipient's dictionary lookups (issue 16): the transfers area's SWIFT, IBAN, BIN and
// instant dictionaries answered behind the payment's secret, and refused naming
// paymentSecret when the secret names no payment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { demoGlobalPaymentSecret } from '../../../src/server/demo/global-payments.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })
    const call = (
      operation: string,
      body: Record<string, unknown>,
      secret = demoGlobalPaymentSecret,
    ) => server.post(`/rpc/${operation}`, { paymentSecret: secret, ...body })

    it('answers the dictionaries as the customer lookups do', async () => {
      const swift = await call('globalRecipientSwiftLookup', { swift: 'DEUTDEFF' })
      expect(swift.body).toMatchObject({ responseCode: '00', bankDetails: { valid: true } })
      const iban = await call('globalRecipientIbanLookup', { iban: 'DE89370400440532013000' })
      expect(iban.body).toMatchObject({
        responseCode: '00',
        bankDetails: { valid: true, countryIsoCode: 'DE' },
      })
      const bin = await call('globalRecipientCardBinGet', { binNumber: '542418' })
      expect(bin.body).toMatchObject({ responseCode: '00', binInfo: { binNumber: '542418' } })
      const blacklist = await call('globalRecipientBinBlacklistGet', {})
      expect(blacklist.body.bins).toContain('533317')
      const banks = await call('globalRecipientInstantBankList', { countryCode: 'BR' })
      expect((banks.body.banks as unknown[]).length).toBeGreaterThan(0)
      const badKey = await call('globalRecipientInstantDetailsGet', {
        instantKey: 'nobody',
        instantKeyType: 'email',
      })
      expect(badKey.body.responseCode).toBe('VF')
      const key = await call('globalRecipientInstantDetailsGet', {
        instantKey: 'joao.pereira@example.com.br',
        instantKeyType: 'email',
      })
      expect(key.body).toMatchObject({
        responseCode: '00',
        instantDetails: { instantKeyType: 'email' },
      })
    })

    it('refuses every lookup naming paymentSecret when the secret names no payment', async () => {
      const unknown = 'u'.repeat(32)
      for (const [operation, body] of [
        ['globalRecipientSwiftLookup', { swift: 'DEUTDEFF' }],
        ['globalRecipientBinBlacklistGet', {}],
        ['globalRecipientInstantBankList', { countryCode: 'BR' }],
      ] as const) {
        const reply = await call(operation, body, unknown)
        expect(failedParameters(reply), operation).toEqual(['paymentSecret'])
      }
    })
  })
}
