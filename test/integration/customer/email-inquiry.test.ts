// emailInquiry: a customer's e-mail addresses, primary first (product-spec section 3).
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

    const cases: [string, { given: string; want: Record<string, unknown>[] }][] = [
      [
        'the primary e-mail first, then an unconfirmed secondary one',
        {
          given: 'demo@nova.example',
          want: [
            { emailAddress: 'demo@nova.example', status: 'Primary', confirmed: true },
            { emailAddress: 'alex.morgan@mail.example', status: 'Secondary', confirmed: false },
          ],
        },
      ],
      [
        'only the business’s own e-mail',
        {
          given: 'business@nova.example',
          want: [{ emailAddress: 'business@nova.example', status: 'Primary', confirmed: true }],
        },
      ],
      ['nothing for a customer without e-mails on file', { given: 'admin@nova.example', want: [] }],
    ]
    it.each(cases)('lists %s', async (_name, { given, want }) => {
      const { accessToken } = await server.signIn(given)
      const reply = await server.post('/rpc/emailInquiry', {}, accessToken)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      expect(reply.body.emails).toMatchObject(want)
      expect(reply.body.emails).toHaveLength(want.length)
    })

    it('refuses unknown fields with VF naming them', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const reply = await server.post('/rpc/emailInquiry', { emailId: 60001 }, accessToken)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['emailId'])
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/emailInquiry', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
