// kycCustomerInfoGet: what the KYC screens start from, with the derived verification state
// (product-spec sections 3 and 4).
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
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const infoOf = async (username: string) => {
      const { accessToken } = await server.signIn(username)
      const reply = await server.post('/rpc/kycCustomerInfoGet', {}, accessToken)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return reply.body.kycCustomerInfo as Record<string, unknown>
    }

    it('shows the person, their KYC answers, home address, phone and e-mail', async () => {
      const info = await infoOf('demo@nova.example')
      expect(info).toMatchObject({
        customerType: 0,
        firstName: 'Alex',
        lastName: 'Morgan',
        birthDay: '1990-04-12',
        birthCountryCode: 'GB',
        birthCity: 'Manchester',
        citizenshipCountryCodes: ['GB'],
        residenceCountryCode: 'GB',
        occupationId: 12,
        sourceOfFundsIds: [1],
        purposeIds: [2],
        estimatedMonthlyDepositId: 2,
        address: { address1: '221B Baker Street', city: 'London', confirmed: true },
        phone: { countryCode: '44', number: '7700900123', confirmed: true },
        email: { emailAddress: 'demo@nova.example', status: 'Primary' },
        status: { verificationState: 'checked', requiredActionCount: 0, isNeedKyc: false },
      })
    })

    it('has no home address or phone for the business, and required actions', async () => {
      const info = await infoOf('business@nova.example')
      expect(info).not.toHaveProperty('address')
      expect(info).not.toHaveProperty('phone')
      expect(info).toMatchObject({
        customerType: 2,
        sourceOfFundsIds: [],
        email: { emailAddress: 'business@nova.example' },
        status: { verificationState: 'hasRequiredActions', requiredActionCount: 2 },
      })
    })

    it('refuses unknown fields with VF naming them', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const reply = await server.post('/rpc/kycCustomerInfoGet', { occupationId: 3 }, accessToken)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['occupationId'])
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/kycCustomerInfoGet', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
