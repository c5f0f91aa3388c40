// getCustomerInfo: the signed-in customer as the portal shows it (product-spec section 3).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { kycProfiles, users } from '../../../src/server/db/schema.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const cases: [string, { given: string; want: Record<string, unknown> }][] = [
      [
        'a personal customer',
        {
          given: 'demo@nova.example',
          want: { login: 'demo@nova.example', customerType: 0, firstName: 'Alex', isAdmin: false },
        },
      ],
      [
        'a business customer',
        {
          given: 'business@nova.example',
          want: {
            login: 'business@nova.example',
            customerType: 2,
            businessName: 'Northwind Trading Ltd',
          },
        },
      ],
      [
        'an administrator',
        { given: 'admin@nova.example', want: { login: 'admin@nova.example', isAdmin: true } },
      ],
    ]
    it.each(cases)('describes %s', async (_name, { given, want }) => {
      const { accessToken } = await server.signIn(given)
      const reply = await server.post('/rpc/getCustomerInfo', {}, accessToken)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      expect(reply.body.customer).toMatchObject(want)
    })

    const routingFacts: [string, { given: string; want: Record<string, unknown> }][] = [
      [
        'an old-web customer with its address',
        {
          given: 'old-web@nova.example',
          want: {
            useOldWeb: true,
            oldWebUrl: 'https://old.wallet.nova.example/login',
            customerType: 1,
          },
        },
      ],
      [
        'a business still on the old web (no related accounts)',
        {
          given: 'no-related@nova.example',
          want: { useOldWeb: false, isHaveRelatedAccounts: false, customerType: 2 },
        },
      ],
      [
        'a business kept in this portal (related accounts)',
        {
          given: 'business@nova.example',
          want: { isHaveRelatedAccounts: true, isNeedFatcaAction: false },
        },
      ],
      [
        'a personal user holding a right on a company (related accounts)',
        { given: 'employee@nova.example', want: { customerType: 0, isHaveRelatedAccounts: true } },
      ],
      [
        'a personal customer with nothing to do',
        {
          given: 'demo@nova.example',
          want: {
            isHaveRelatedAccounts: false,
            isNeedPersonalInfoUpdate: false,
            isNeedKyc: false,
            isNeedFatcaAction: false,
          },
        },
      ],
      [
        'a personal customer whose profile needs an update',
        { given: 'profile-update@nova.example', want: { isNeedPersonalInfoUpdate: true } },
      ],
      [
        'a personal customer who needs KYC',
        { given: 'kyc@nova.example', want: { isNeedKyc: true, isNeedFatcaAction: false } },
      ],
      [
        'a personal customer with a FATCA form missing',
        { given: 'fatca@nova.example', want: { isNeedKyc: false, isNeedFatcaAction: true } },
      ],
      [
        'a personal customer without a KYC profile (every form none)',
        { given: 'director@nova.example', want: { isNeedFatcaAction: true } },
      ],
    ]
    it.each(routingFacts)('gives routing its facts for %s', async (_name, { given, want }) => {
      const { accessToken } = await server.signIn(given)
      const reply = await server.post('/rpc/getCustomerInfo', {}, accessToken)
      expect(reply.body.responseCode).toBe('00')
      expect(reply.body.customer).toMatchObject(want)
    })

    it('counts a FATCA form rejected as an action, as the required-action count does', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const [user] = await server.db
        .select()
        .from(users)
        .where(eq(users.username, 'demo@nova.example'))
      const before = await server.post('/rpc/profileInquiry', {}, accessToken)
      await server.db
        .update(kycProfiles)
        .set({ fatcaW8BenStatus: 'rejected' })
        .where(eq(kycProfiles.customerId, user!.customerId))
      const reply = await server.post('/rpc/getCustomerInfo', {}, accessToken)
      expect(reply.body.customer?.isNeedFatcaAction).toBe(true)
      const after = await server.post('/rpc/profileInquiry', {}, accessToken)
      const count = (body: typeof after.body) =>
        (body.profile as { status: { requiredActionCount: number } }).status.requiredActionCount
      expect(count(after.body)).toBe(count(before.body) + 1)
      await server.db
        .update(kycProfiles)
        .set({ fatcaW8BenStatus: 'validated' })
        .where(eq(kycProfiles.customerId, user!.customerId))
    })

    it('fills every permission, granted or not', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const reply = await server.post('/rpc/getCustomerInfo', {}, accessToken)
      expect(reply.body.customer?.permissions).toMatchObject({
        sendMoneyUser: true,
        transferMoneyUser: true,
        requestMoney: true,
        addFundsCrypto: false,
      })
    })
  })
}
