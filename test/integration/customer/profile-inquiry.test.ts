// profileInquiry: the profile page's data with the verification state and required-action
// count product-spec section 4 derives, for the three demo sign-ins.
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

    const profileOf = async (username: string) => {
      const { accessToken } = await server.signIn(username)
      const reply = await server.post('/rpc/profileInquiry', {}, accessToken)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return reply.body.profile as Record<string, unknown>
    }

    it('shows a verified personal customer with nothing to do', async () => {
      const profile = await profileOf('demo@nova.example')
      expect(profile).toMatchObject({
        customerType: 0,
        login: 'demo@nova.example',
        firstName: 'Alex',
        lastName: 'Morgan',
        birthDay: '1990-04-12',
        residenceCountryCode: 'GB',
        phones: [
          { status: 'Primary', confirmed: true, countryCode: '44', number: '7700900123', type: 2 },
        ],
        emails: [
          { emailAddress: 'demo@nova.example', status: 'Primary', confirmed: true },
          { emailAddress: 'alex.morgan@mail.example', status: 'Secondary', confirmed: false },
        ],
        status: {
          verified: true,
          limited: false,
          verificationState: 'checked',
          requiredActionCount: 0,
          bannerWarning: false,
          restrictionReasons: [],
        },
      })
    })

    const states: [string, { given: string; want: Record<string, unknown> }][] = [
      [
        'a business without identity document or phone has 2 required actions',
        {
          given: 'business@nova.example',
          want: {
            verificationState: 'hasRequiredActions',
            requiredActionCount: 2,
            bannerWarning: true,
          },
        },
      ],
      [
        'an administrator with no records has every personal area to do but video',
        {
          given: 'admin@nova.example',
          want: {
            verificationState: 'hasRequiredActions',
            requiredActionCount: 5,
            bannerWarning: true,
          },
        },
      ],
    ]
    it.each(states)('derives the state: %s', async (_name, { given, want }) => {
      const profile = await profileOf(given)
      expect(profile.status).toMatchObject(want)
    })

    it('lists no phones for a customer without any', async () => {
      const profile = await profileOf('business@nova.example')
      expect(profile).toMatchObject({ businessName: 'Northwind Trading Ltd', phones: [] })
    })

    it('refuses unknown fields with VF naming them', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const reply = await server.post('/rpc/profileInquiry', { customerId: 1002 }, accessToken)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['customerId'])
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/profileInquiry', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
