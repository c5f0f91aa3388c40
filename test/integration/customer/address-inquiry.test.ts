// addressInquiry: the addresses and current proof of identity a customer sees (product-spec
// section 3, Address inquiry result; section 4: only submitted and confirmed proofs count).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type JsonBody,
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

    const inquire = async (username: string, body: Record<string, unknown> = {}) => {
      const { accessToken } = await server.signIn(username)
      const reply = await server.post('/rpc/addressInquiry', body, accessToken)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return reply.body as JsonBody & { addresses: Record<string, unknown>[] }
    }

    it('shows a confirmed home address with its proof, and the passport', async () => {
      const body = await inquire('demo@nova.example')
      expect(body.addresses).toHaveLength(1)
      expect(body.addresses[0]).toMatchObject({
        addressType: 1,
        address1: '221B Baker Street',
        address2: 'Flat 2',
        city: 'London',
        postalCode: 'NW1 6XE',
        countryCode: 'GB',
        addressStatus: 1,
        confirmed: true,
        isDocumentRequired: false,
        isDocumentOutOfDate: false,
        isCardDocumentRequired: false,
        uploadedDocuments: [{ documentType: 'Utility bill', statusId: 2, uploaded: true }],
      })
      expect(body.identity).toEqual({
        status: 2,
        type: 'Passport',
        typeId: 1,
        number: '533401234',
        issuedDate: '2021-03-15',
        expiresDate: '2031-03-14',
      })
    })

    it('shows a pending business address whose proof under investigation does not count yet', async () => {
      const body = await inquire('business@nova.example')
      expect(body.addresses).toHaveLength(1)
      expect(body.addresses[0]).toMatchObject({
        addressType: 2,
        city: 'Vilnius',
        countryCode: 'LT',
        addressStatus: 2,
        confirmed: false,
        isDocumentRequired: true,
        uploadedDocuments: [{ documentType: 'Business utility bill', statusId: 31 }],
      })
      expect(body).not.toHaveProperty('identity')
    })

    const filters: [string, { given: number; want: number }][] = [
      ['home', { given: 1, want: 1 }],
      ['business', { given: 2, want: 0 }],
    ]
    it.each(filters)('filters by address type: %s', async (_name, { given, want }) => {
      const body = await inquire('demo@nova.example', { addressType: given })
      expect(body.addresses).toHaveLength(want)
    })

    it('refuses an address type outside the catalogue with VF naming it', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const reply = await server.post('/rpc/addressInquiry', { addressType: 9 }, accessToken)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['addressType'])
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/addressInquiry', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
