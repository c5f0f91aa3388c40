// The acting customer's own settings bind every user acting for it (product-spec section 6:
// IP whitelist and approval mode are per-customer security settings): a company's whitelist
// refuses its employee from another address, a blocked company refuses everyone, and the
// company's approval mode decides how a transfer made for it is confirmed.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customers, users } from '../../../src/server/db/schema.ts'
import {
  companyUsers,
  ipWhitelistEntries,
  securitySettings,
} from '../../../src/server/db/schema-security.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let company: number
    let owner: string
    let employee: string
    let employeeUserId: number
    let accounts: Record<string, number>

    const customerOf = async (username: string) => {
      const [row] = await server.db
        .select({ id: users.id, customerId: users.customerId })
        .from(users)
        .where(eq(users.username, username))
      return row!
    }

    beforeAll(async () => {
      server = await startServer(target)
      company = (await customerOf('business@nova.example')).customerId
      employeeUserId = (await customerOf('employee@nova.example')).id
      owner = (await server.signIn('business@nova.example')).accessToken
      employee = (await server.signIn('employee@nova.example')).accessToken
      const balances = await server.post('/rpc/balanceInquiry', {}, owner)
      accounts = Object.fromEntries(
        (balances.body.accounts ?? []).map((account) => [account.currencyCode, account.accountId]),
      )
    })
    afterAll(async () => server?.close())

    it("refuses the employee acting for the company from outside the company's whitelist", async () => {
      const before = await server.post('/rpc/balanceInquiry', { fromCustomerId: company }, employee)
      expect(before.body.responseCode, before.text).toBe('00')
      // The bank's own address range only; the test client calls from 127.0.0.1.
      await server.db
        .insert(ipWhitelistEntries)
        .values({ customerId: company, family: 4, ipFrom: '203.0.113.0', ipTo: '203.0.113.255' })
      await server.db
        .insert(securitySettings)
        .values({ customerId: company, ipWhitelistEnabled: true })
        .onConflictDoUpdate({
          target: securitySettings.customerId,
          set: { ipWhitelistEnabled: true },
        })
      for (const op of ['balanceInquiry', 'transactionHistoryList', 'ipnSettingsGet']) {
        const reply = await server.post(`/rpc/${op}`, { fromCustomerId: company }, employee)
        expect(reply.body.responseCode, `${op}: ${reply.text}`).toBe('ENOA')
        expect(reply.body.responseDescription).toContain('127.0.0.1')
        expect(reply.body).not.toHaveProperty('accounts')
      }
      // The employee's own customer has no whitelist: their own things stay open.
      const own = await server.post('/rpc/getCustomerInfo', {}, employee)
      expect(own.body.responseCode, own.text).toBe('00')
      await server.db
        .update(securitySettings)
        .set({ ipWhitelistEnabled: false })
        .where(eq(securitySettings.customerId, company))
    })

    it('refuses every user acting for a blocked company, its owner included', async () => {
      await server.db
        .update(customers)
        .set({ blockedAt: new Date() })
        .where(eq(customers.id, company))
      const asOwner = await server.post('/rpc/balanceInquiry', {}, owner)
      expect(asOwner.body).toMatchObject({ responseCode: 'ENOA' })
      expect(asOwner.body).not.toHaveProperty('accounts')
      const asEmployee = await server.post(
        '/rpc/balanceInquiry',
        { fromCustomerId: company },
        employee,
      )
      expect(asEmployee.body.responseCode).toBe('ENOA')
      // A user's own sign-ins stay theirs to read.
      const history = await server.post('/rpc/loginHistoryList', {}, owner)
      expect(history.body.responseCode, history.text).toBe('00')
      await server.db.update(customers).set({ blockedAt: null }).where(eq(customers.id, company))
      const lifted = await server.post('/rpc/balanceInquiry', {}, owner)
      expect(lifted.body.responseCode).toBe('00')
    })

    it("asks a user acting for the company for the company's approval code, not their own mode's", async () => {
      // The employee gets full access; their own customer confirms nothing (simple mode).
      await server.db
        .update(companyUsers)
        .set({ accessRight: 2 })
        .where(eq(companyUsers.userId, employeeUserId))
      await server.db
        .update(customers)
        .set({ transactionApproveMode: 'approvalCode' })
        .where(eq(customers.id, company))
      const reply = await server.post(
        '/rpc/betweenAccountsTransferSubmit',
        {
          fromCustomerId: company,
          toAmount: '1.00',
          fromAccount: accounts.EUR,
          toAccount: accounts.USD,
          idempotencyKey: 'acting-mode-1',
        },
        employee,
      )
      expect(reply.body.responseCode, reply.text).toBe('00')
      // 4: the approval code of product-spec section 4 ("Transfers and approval").
      expect(reply.body.approveType).toBe(4)
    })
  })
}
