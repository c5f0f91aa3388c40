// customerLimitReasonGet: the open limit reasons with the documents each asks for and those
// uploaded (product-spec section 3, User status and KYC; section 4, restriction reasons).
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

    const reasonsOf = async (username: string) => {
      const { accessToken } = await server.signIn(username)
      const reply = await server.post('/rpc/customerLimitReasonGet', {}, accessToken)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return reply.body
    }

    it('has nothing open for the personal customer', async () => {
      const body = await reasonsOf('demo@nova.example')
      expect(body).toMatchObject({ limited: false, limitReasons: [], allDocumentsUploaded: true })
    })

    it('shows the business’s account investigation with its uploaded business-address proof', async () => {
      const body = await reasonsOf('business@nova.example')
      expect(body).toMatchObject({
        limited: false,
        allDocumentsUploaded: true,
        limitReasons: [
          {
            actionTypeId: 5,
            requirementDocuments: [{ categoryId: 7, isUploaded: true }],
            uploadedDocuments: [
              { documentType: 'Business utility bill', statusId: 31, uploaded: true },
            ],
          },
        ],
      })
      const [reason] = body.limitReasons as {
        requirementDocuments: { documentTypes: { name: string }[] }[]
      }[]
      // Every business-address type of the documentTypes dictionary is offered.
      expect(reason?.requirementDocuments[0]?.documentTypes.map((type) => type.name)).toEqual(
        expect.arrayContaining(['Business utility bill', 'Business lease agreement']),
      )
    })

    it('refuses unknown fields with VF naming them', async () => {
      const { accessToken } = await server.signIn('business@nova.example')
      const reply = await server.post(
        '/rpc/customerLimitReasonGet',
        { limitReasonId: 90001 },
        accessToken,
      )
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['limitReasonId'])
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/customerLimitReasonGet', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
