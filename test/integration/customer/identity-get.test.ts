// identityGet: the identity a customer sees on the KYC and profile screens (product-spec
// section 3, User status and KYC: Identity), from the demo data.
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

    const identityOf = async (username: string, body: Record<string, unknown> = {}) => {
      const { accessToken } = await server.signIn(username)
      const reply = await server.post('/rpc/identityGet', body, accessToken)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return reply.body.identity as Record<string, unknown>
    }

    it('shows a confirmed passport and a validated proof of residence', async () => {
      const identity = await identityOf('demo@nova.example')
      expect(identity).toMatchObject({
        status: 2,
        documents: [
          {
            documentTypeId: 1,
            documentType: 'Passport',
            categoryId: 1,
            statusId: 2,
            uploaded: true,
            isSubDocument: false,
            issuedDate: '2021-03-15',
            expiresDate: '2031-03-14',
            createdUsername: 'demo@nova.example',
          },
        ],
        proofOfResidence: {
          status: 'validated',
          documents: [{ documentType: 'Utility bill', categoryId: 2, statusId: 2 }],
        },
      })
      expect(identity).not.toHaveProperty('videoIdentity')
    })

    it('shows a business without identity documents, its proof of residence not required', async () => {
      const identity = await identityOf('business@nova.example')
      expect(identity).toEqual({
        documents: [],
        proofOfResidence: { status: 'notRequired', documents: [] },
      })
    })

    it('answers for the customer an administrator acts for', async () => {
      const demo = await server.signIn('demo@nova.example')
      const info = await server.post('/rpc/getCustomerInfo', {}, demo.accessToken)
      const identity = await identityOf('admin@nova.example', {
        fromCustomerId: info.body.customer?.customerId,
      })
      expect(identity.status).toBe(2)
    })

    it('refuses a customer id in the body with VF naming it', async () => {
      const { accessToken } = await server.signIn('business@nova.example')
      const reply = await server.post('/rpc/identityGet', { customerId: 1001 }, accessToken)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['customerId'])
      expect(reply.body).not.toHaveProperty('identity')
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/identityGet', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
      expect(reply.body).not.toHaveProperty('identity')
    })
  })
}
