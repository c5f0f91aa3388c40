// kycRequestGet: an identity-check request of the customer (product-spec section 3, KYC
// request): none before any, the newest without an id, one by its id, and another customer's
// id refused as unknown. Requests are arranged in the database: the identity-check start is
// another operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { kycRequests } from '../../../src/server/db/schema.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { ok } from './document-upload-support.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let customerId: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      const info = await ok(server.post('/rpc/kycCustomerInfoGet', {}, token))
      customerId = (info.kycCustomerInfo as { customerId: number }).customerId
    })
    afterAll(async () => {
      await server?.close()
    })

    it('answers no request when the customer has none', async () => {
      const body = await ok(server.post('/rpc/kycRequestGet', {}, token))
      expect(body.kycRequest).toBeUndefined()
    })

    it('answers the newest request, or the one named', async () => {
      const [older] = await server.db
        .insert(kycRequests)
        .values({
          customerId,
          provider: 'jmo',
          status: 'failed',
          rejectReason: 'Blurred photo',
          createdAt: new Date(Date.now() - 86_400_000),
        })
        .returning()
      const [newer] = await server.db
        .insert(kycRequests)
        .values({ customerId, provider: 'nfd', status: 'inProgress', workflowRunId: 'run-1' })
        .returning()
      const newest = await ok(server.post('/rpc/kycRequestGet', {}, token))
      expect(newest.kycRequest).toMatchObject({
        requestId: newer?.id,
        provider: 'nfd',
        status: 'inProgress',
        workflowRunId: 'run-1',
      })
      const named = await ok(server.post('/rpc/kycRequestGet', { requestId: older?.id }, token))
      expect(named.kycRequest).toMatchObject({ status: 'failed', rejectReason: 'Blurred photo' })
      // An identity check in progress shows as verificationProcessing only while unverified.
      const info = await ok(server.post('/rpc/kycCustomerInfoGet', {}, token))
      expect(info.kycCustomerInfo).toMatchObject({ status: { verificationState: 'checked' } })
    })

    it("refuses another customer's request with VF naming requestId", async () => {
      const other = (await server.signIn('business@nova.example')).accessToken
      const mine = await ok(server.post('/rpc/kycRequestGet', {}, token))
      const id = (mine.kycRequest as { requestId: number }).requestId
      const reply = await server.post('/rpc/kycRequestGet', { requestId: id }, other)
      expect(failedParameters(reply)).toEqual(['requestId'])
    })
  })
}
