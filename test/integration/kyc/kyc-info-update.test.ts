// kycInfoUpdate: the customer's KYC answers (product-spec sections 3 and 7), saved and read
// back through kycCustomerInfoGet; an id outside its dictionary is refused naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { ok } from './document-upload-support.ts'

const answers = {
  occupationId: 2,
  sourceOfFundsIds: [1, 4],
  purposeIds: [2],
  estimatedMonthlyDepositId: 3,
}

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

    it('saves the answers and answers them back', async () => {
      const body = await ok(server.post('/rpc/kycInfoUpdate', answers, token))
      expect(body.kycCustomerInfo).toMatchObject(answers)
      const read = await ok(server.post('/rpc/kycCustomerInfoGet', {}, token))
      expect(read.kycCustomerInfo).toMatchObject(answers)
    })

    const refusals: [string, { given: Record<string, unknown>; named: string[] }][] = [
      ['an unknown occupation', { given: { occupationId: 9999 }, named: ['occupationId'] }],
      [
        'a business source for a person',
        { given: { sourceOfFundsIds: [61] }, named: ['sourceOfFundsIds.0'] },
      ],
      [
        'an unknown deposit range',
        { given: { estimatedMonthlyDepositId: 99 }, named: ['estimatedMonthlyDepositId'] },
      ],
    ]
    it.each(refusals)('refuses %s with VF naming it, changing nothing', async (_n, c) => {
      const reply = await server.post('/rpc/kycInfoUpdate', { ...answers, ...c.given }, token)
      expect(failedParameters(reply)).toEqual(c.named)
      const read = await ok(server.post('/rpc/kycCustomerInfoGet', {}, token))
      expect(read.kycCustomerInfo).toMatchObject(answers)
    })
  })
}
