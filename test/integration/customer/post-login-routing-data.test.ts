// Every branch of post-login routing (product-spec section 2, "Post-login routing, in order",
// and the business start page) is reached by a demo user with real data: the rules below are
// the product's, applied to what getCustomerInfo and customerAccessListGet answer. The table
// is the one in docs/decisions.md, "Post-login routing data".
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { components } from '../../../src/generated/api.d.ts'
import { customers, users } from '../../../src/server/db/schema.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'

type Schemas = components['schemas']

/** username -> the page post-login routing picks (no remembered path, no chosen customer). */
const branches: [string, string][] = [
  ['old-web@nova.example', '1 old web'],
  ['admin@nova.example', '2 admin overview'],
  ['no-related@nova.example', '3 old web with authorized-user info'],
  ['business-kyc@nova.example', '4 business: KYC'],
  ['labs@nova.example', '4 business: company documents'],
  ['group@nova.example', '4 company choice (3 customers)'],
  ['retail@nova.example', '4 business: home (self-certification validated)'],
  ['business@nova.example', '4 business: home (self-certification pending)'],
  ['tax-none@nova.example', '4 business: self-certification splash'],
  ['payroll@nova.example', '4 business: self-certification splash'],
  ['profile-update@nova.example', '5 personal: profile update'],
  ['kyc@nova.example', '5 personal: KYC'],
  ['fatca@nova.example', '5 personal: self-certification splash'],
  ['demo@nova.example', '6 home'],
  ['terms@nova.example', '7 pending terms'],
]

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const routeOf = async (username: string): Promise<string> => {
      const { accessToken } = await server.signIn(username)
      const info = await server.post('/rpc/getCustomerInfo', {}, accessToken)
      if (info.body.responseCode === 'TE') {
        return (info.body.terms as unknown[]).length > 0 ? '7 pending terms' : '7 login'
      }
      expect(info.body.responseCode, info.text).toBe('00')
      const customer = info.body.customer as Schemas['CustomerInfo']
      if (customer.useOldWeb) return '1 old web'
      if (customer.isAdmin) return '2 admin overview'
      if (customer.customerType !== 0) {
        if (!customer.isHaveRelatedAccounts) {
          const user = await server.post('/rpc/businessAuthorizedUserGet', {}, accessToken)
          if (user.body.responseCode !== '00' || !user.body.oldWebUrl) return '3 login'
          return '3 old web with authorized-user info'
        }
        const list = await server.post('/rpc/customerAccessListGet', {}, accessToken)
        return businessStartPage(list.body.accessInfo as Schemas['CustomerAccessInfo'])
      }
      if (customer.isNeedPersonalInfoUpdate) return '5 personal: profile update'
      if (customer.isNeedKyc) return '5 personal: KYC'
      if (customer.isNeedFatcaAction) return '5 personal: self-certification splash'
      return '6 home'
    }

    it.each(branches)('routes %s to %s', async (username, branch) => {
      expect(await routeOf(username)).toBe(branch)
    })

    // A business whose accounts are kept here (no old-web address) must reach step 4: sent to
    // step 3 it has no old web to go to and ends at the login screen (payroll@ once did).
    it('marks every demo business without an old web as kept here', async () => {
      const stranded = await server.db
        .select({ username: users.username })
        .from(customers)
        .innerJoin(users, eq(users.customerId, customers.id))
        .where(
          and(
            ne(customers.customerType, 0),
            isNull(customers.oldWebUrl),
            eq(customers.hasRelatedAccounts, false),
          ),
        )
      expect(stranded).toEqual([])
    })
  })
}

/**
 * After the access list loads: the login screen when it is empty, a choice when it holds several
 * customers, else the start page of section 2 for the one customer.
 */
function businessStartPage(info: Schemas['CustomerAccessInfo']): string {
  const acting = info.accessList[0]
  if (!acting) return '4 login'
  if (info.accessList.length > 1) return `4 company choice (${info.accessList.length} customers)`
  if (info.isNeedKyc) return '4 business: KYC'
  if (!acting.balanceInfo) return '4 business: company documents'
  const status = info.taxSelfCertificationStatus
  if (status === 'validated' || status === 'pending') {
    return `4 business: home (self-certification ${status})`
  }
  return '4 business: self-certification splash'
}
