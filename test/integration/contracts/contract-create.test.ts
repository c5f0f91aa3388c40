// Proposing a contract (PUT /contract, POST /contract/verify; product-spec sections 3, 5 and
// 7): the rules of section 5 as VF naming the field, unknown customers 404, contracts that
// cannot be made 422 with a message, and a good proposal answered as the new contract.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { dataOf, dayFromToday, demoBusinesses, rest, type DemoBusinesses } from './contract-rest.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let ids: DemoBusinesses
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('business@nova.example')).accessToken
      ids = await demoBusinesses(server)
    })
    afterAll(async () => {
      await server?.close()
    })

    const proposal = (change: Record<string, unknown> = {}) => ({
      companyId: ids.northwind,
      senderId: ids.northwind,
      beneficiaryId: ids.group,
      senderSignerName: 'Sam Taylor',
      senderObligations: ['Report the revenue monthly'],
      beneficiaryObligations: ['Bring customers'],
      activeFrom: dayFromToday(1),
      percentage: 15.5,
      ...change,
    })

    it('creates an UNSIGNED contract the acting customer pays, with itself as initiator', async () => {
      const reply = await rest(server, 'PUT', '/contract', token, proposal())
      expect(reply.status, reply.text).toBe(200)
      expect(dataOf(reply)).toMatchObject({
        status: 'UNSIGNED',
        direction: 'PAY',
        identificationStatus: 'NEW',
        percentage: 15.5,
        initiatorId: ids.northwind,
        company: { id: ids.northwind, title: 'Northwind Trading Ltd' },
        beneficiary: { id: ids.group, name: 'Harbor Group Ltd' },
      })
    })

    it.each([
      ['percentage', { percentage: 0 }],
      ['percentage', { percentage: 100.5 }],
      ['percentage', { percentage: 12.345 }],
      ['percentage', { percentage: undefined }],
      ['activeFrom', { activeFrom: dayFromToday(-1) }],
      ['senderObligations', { senderObligations: [] }],
      ['senderSignerName', { senderSignerName: 'x'.repeat(257) }],
      ['companyId', { companyId: 2 ** 31 }],
    ])('refuses a bad %s with VF naming it', async (field, change) => {
      const reply = await rest(server, 'PUT', '/contract', token, proposal(change))
      expect(reply.status, reply.text).toBe(400)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toContain(field)
    })

    it('answers 404 for a customer that does not exist', async () => {
      const reply = await rest(
        server,
        'PUT',
        '/contract',
        token,
        proposal({ beneficiaryId: 999999 }),
      )
      expect(reply.status).toBe(404)
      expect(reply.body.message).toBe('No customer was found.')
    })

    it('answers 422 with the reason when the contract cannot be made', async () => {
      const cases = [
        [{ beneficiaryId: ids.northwind }, 'must be different customers'],
        [{ senderId: ids.retail, companyId: ids.retail }, 'to which you are a party'],
        [{ companyId: ids.labs }, 'sender or the beneficiary'],
      ] as const
      for (const [change, reason] of cases) {
        const reply = await rest(server, 'PUT', '/contract', token, proposal(change))
        expect(reply.status, JSON.stringify(change)).toBe(422)
        expect(reply.body.message).toContain(reason)
      }
    })

    it('verifies without creating: isValid, VF for bad fields', async () => {
      const before = await rest(server, 'GET', '/contract/stats', token)
      const good = await rest(server, 'POST', '/contract/verify', token, proposal())
      expect(good.body.data).toEqual({ isValid: true })
      const same = proposal({ beneficiaryId: ids.northwind })
      const invalid = await rest(server, 'POST', '/contract/verify', token, same)
      expect(invalid.body.data).toEqual({ isValid: false })
      const bad = await rest(
        server,
        'POST',
        '/contract/verify',
        token,
        proposal({ percentage: -1 }),
      )
      expect(bad.status).toBe(400)
      expect(failedParameters(bad)).toEqual(['percentage'])
      const after = await rest(server, 'GET', '/contract/stats', token)
      expect(after.body.data).toEqual(before.body.data)
    })

    it('finds the counterparty by e-mail and offers the two parties as companies', async () => {
      const lookup = await rest(server, 'GET', '/customer/lookup?email=group@nova.example', token)
      expect(lookup.body.data).toEqual({ id: ids.group, type: 'BUSINESS' })
      const person = await rest(server, 'GET', '/customer/lookup?email=demo@nova.example', token)
      expect((person.body.data as { type: string }).type).toBe('PERSONAL')
      const none = await rest(server, 'GET', '/customer/lookup?email=nobody@nova.example', token)
      expect(none.status).toBe(404)
      const companies = await rest(
        server,
        'GET',
        `/company?forCounterpartyCustomerId=${ids.group}&query=ltd`,
        token,
      )
      expect(companies.body).toEqual({
        data: [
          { id: ids.group, title: 'Harbor Group Ltd' },
          { id: ids.northwind, title: 'Northwind Trading Ltd' },
        ],
        meta: { total: 2 },
      })
      const bad = await rest(server, 'GET', '/company?page=0', token)
      expect(bad.status).toBe(400)
      expect(failedParameters(bad)).toEqual(['page'])
    })
  })
}
