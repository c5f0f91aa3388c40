// customerAccessListGet: the customers a user may act for, with balances from the ledger, and
// the user's rights on the acting customer (product-spec sections 2, 3 and 6).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import type { components } from '../../../src/generated/api.d.ts'
import { customers, users } from '../../../src/server/db/schema.ts'
import { companyUsers } from '../../../src/server/db/schema-security.ts'
import { postTransfer } from '../../../src/server/ledger/post-transfer.ts'
import { houseAccount } from '../../../src/server/ledger/house-accounts.ts'
import { customerAccounts } from '../../../src/server/ledger/balances.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

type AccessInfo = components['schemas']['CustomerAccessInfo']

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const customerIdOf = async (username: string) => {
      const [user] = await server.db.select().from(users).where(eq(users.username, username))
      if (!user) throw new Error(`no demo user ${username}`)
      return user
    }

    const accessInfoOf = async (username: string, body: Record<string, unknown> = {}) => {
      const { accessToken } = await server.signIn(username)
      const reply = await server.post('/rpc/customerAccessListGet', body, accessToken)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body.accessInfo as AccessInfo
    }

    it('lists a business its own company with the ledger balances', async () => {
      const info = await accessInfoOf('business@nova.example')
      const own = await customerIdOf('business@nova.example')
      expect(info.accessList).toHaveLength(1)
      expect(info.accessList[0]).toMatchObject({
        customerId: own.customerId,
        businessName: 'Northwind Trading Ltd',
        customerType: 2,
        accessRights: 2,
      })
      const balances = info.accessList[0]!.balanceInfo!.map((b) => [b.currencyCode, b.balance])
      expect(balances).toEqual(
        expect.arrayContaining([
          ['EUR', '15400.00'],
          // 7200.50 opened, less the demo's paid-out global payment (80.00 and its 1.60 fee).
          ['USD', '7118.90'],
        ]),
      )
      expect(info).toMatchObject({
        accessRights: 2,
        businessRepresentativePositionIds: [],
        isNeedKyc: false,
        strictMode: false,
        isConverted: true,
        taxSelfCertificationStatus: 'pending',
      })
      expect(info).not.toHaveProperty('employeeFirstName')
    })

    it('lists every company a user holds a right on, with and without balances', async () => {
      const info = await accessInfoOf('group@nova.example')
      const retail = await customerIdOf('retail@nova.example')
      const labs = await customerIdOf('labs@nova.example')
      expect(info.accessList.map((entry) => entry.businessName)).toEqual([
        'Harbor Group Ltd',
        'Harbor Retail Ltd',
        'Harbor Labs Ltd',
      ])
      const [group, retailEntry, labsEntry] = info.accessList
      expect(group!.balanceInfo!.map((b) => [b.currencyCode, b.balance])).toEqual([
        ['USD', '5000.00'],
        ['EUR', '730.25'],
      ])
      expect(retailEntry).toMatchObject({ customerId: retail.customerId, accessRights: 2 })
      expect(retailEntry!.balanceInfo).toEqual([
        expect.objectContaining({ currencyCode: 'EUR', balance: '1200.00' }),
      ])
      expect(labsEntry).toEqual({
        customerId: labs.customerId,
        businessName: 'Harbor Labs Ltd',
        customerType: 2,
        accessRights: 1,
      })
      expect(info.taxSelfCertificationStatus).toBe('validated')
    })

    it('describes the user on the company acted for with fromCustomerId', async () => {
      const retail = await customerIdOf('retail@nova.example')
      const info = await accessInfoOf('group@nova.example', { fromCustomerId: retail.customerId })
      expect(info).toMatchObject({
        accessRights: 2,
        businessRepresentativePositionIds: [2],
        taxSelfCertificationStatus: 'validated',
        isNeedKyc: false,
      })
      // The list is the user's, whoever the call acts for.
      expect(info.accessList).toHaveLength(3)
    })

    it("names the employee acting for a company, with the employee's right", async () => {
      const company = await customerIdOf('business@nova.example')
      const info = await accessInfoOf('employee@nova.example', {
        fromCustomerId: company.customerId,
      })
      expect(info).toMatchObject({
        accessRights: 1,
        employeeFirstName: 'Casey',
        employeeLastName: 'Park',
        taxSelfCertificationStatus: 'pending',
      })
      const [own, business] = info.accessList
      expect(own).toMatchObject({ customerType: 0, accessRights: 2 })
      expect(own).not.toHaveProperty('balanceInfo')
      expect(business).toMatchObject({ customerId: company.customerId, accessRights: 1 })
      expect(business!.balanceInfo!.length).toBeGreaterThan(0)
    })

    it.each([
      ['labs@nova.example', { isNeedKyc: false, taxSelfCertificationStatus: 'none' }, false],
      ['tax-none@nova.example', { isNeedKyc: false, taxSelfCertificationStatus: 'none' }, true],
      ['business-kyc@nova.example', { isNeedKyc: true }, true],
      ['retail@nova.example', { taxSelfCertificationStatus: 'validated' }, true],
    ] as const)('gives %s its start-page facts', async (username, want, hasBalances) => {
      const info = await accessInfoOf(username)
      expect(info).toMatchObject(want)
      expect(info.accessList[0]!.balanceInfo !== undefined).toBe(hasBalances)
    })

    it('shows a transfer in the balance at once', async () => {
      const retail = await customerIdOf('retail@nova.example')
      const [account] = await customerAccounts(server.db, retail.customerId)
      const clearing = await houseAccount(server.db, 'clearing:demo', 'EUR')
      await postTransfer(server.db, {
        idempotencyKey: 'access-list-test-top-up',
        kind: 'demo_opening',
        description: 'Top-up',
        postings: [
          { accountId: clearing, currencyCode: 'EUR', amountMinor: -5_05n },
          { accountId: account!.id, currencyCode: 'EUR', amountMinor: 5_05n },
        ],
      })
      const info = await accessInfoOf('retail@nova.example')
      expect(info.accessList[0]!.balanceInfo![0]!.balance).toBe('1205.05')
    })

    it('hides balances from an uploading user and leaves out a right of 0', async () => {
      const director = await customerIdOf('director@nova.example')
      const company = await customerIdOf('business@nova.example')
      const labs = await customerIdOf('labs@nova.example')
      await server.db.insert(companyUsers).values([
        { companyCustomerId: company.customerId, userId: director.id, accessRight: 5 },
        { companyCustomerId: labs.customerId, userId: director.id, accessRight: 0 },
      ])
      const info = await accessInfoOf('director@nova.example')
      expect(info.accessList.map((entry) => [entry.customerId, entry.accessRights])).toEqual([
        [director.customerId, 2],
        [company.customerId, 5],
      ])
      expect(info.accessList[1]).not.toHaveProperty('balanceInfo')
      const { accessToken } = await server.signIn('director@nova.example')
      const refused = await server.post(
        '/rpc/customerAccessListGet',
        { fromCustomerId: labs.customerId },
        accessToken,
      )
      expect(refused.body.responseCode).toBe('13')
      await server.db.delete(companyUsers).where(and(eq(companyUsers.userId, director.id)))
    })

    it('reports strict mode when each transaction needs a second factor', async () => {
      const labs = await customerIdOf('labs@nova.example')
      await server.db
        .update(customers)
        .set({ transactionApproveMode: 'sms' })
        .where(eq(customers.id, labs.customerId))
      expect((await accessInfoOf('labs@nova.example')).strictMode).toBe(true)
    })

    it('refuses unknown fields with VF naming them', async () => {
      const { accessToken } = await server.signIn('business@nova.example')
      const reply = await server.post('/rpc/customerAccessListGet', { extra: 1 }, accessToken)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['extra'])
    })

    it('needs a session', async () => {
      const reply = await server.post('/rpc/customerAccessListGet', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
