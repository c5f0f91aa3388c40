// The contracts' life on the demo (product-spec sections 3, 4 and 7; docs/decisions.md,
// Contracts (revenue split)): the list with its counters, filters and order; signing with the
// password at the portal's own signing link; cancel, reject, terminate, cancel termination and
// terminate now as the state machine allows them, 422 otherwise; another customer's contract
// is 404; the PDF is a signed link to a real PDF.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { dataOf, dayFromToday, demoBusinesses, rest, type DemoBusinesses } from './contract-rest.ts'

// The demo's contracts (src/server/demo/contracts.ts), as business@ (Northwind) sees them.
const active = 190001
const waitingForNorthwind = 190002
const proposedByNorthwind = 190003
const terminatingByGroup = 190004
const cancelled = 190005
const needIdentification = 190006

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let business: string
    let group: string
    let ids: DemoBusinesses
    beforeAll(async () => {
      server = await startServer(target)
      business = (await server.signIn('business@nova.example')).accessToken
      group = (await server.signIn('group@nova.example')).accessToken
      ids = await demoBusinesses(server)
    })
    afterAll(async () => {
      await server?.close()
    })

    it('lists the demo contracts with statuses as a reader sees them and the counters', async () => {
      const list = await rest(server, 'GET', '/contract?orderBy=INCOMING_FIRST', business)
      expect(list.status, list.text).toBe(200)
      const rows = list.body.data as { id: number; status: string; direction: string }[]
      expect(new Map(rows.map((row) => [row.id, row.status]))).toEqual(
        new Map([
          [active, 'ACTIVE'],
          [waitingForNorthwind, 'WAITING'],
          [proposedByNorthwind, 'UNSIGNED'],
          [terminatingByGroup, 'TERMINATING'],
          [cancelled, 'CANCELLED'],
          [needIdentification, 'NEED_IDENTIFICATION'],
        ]),
      )
      // Requests first: the proposal to answer and the termination to accept.
      expect(
        rows
          .slice(0, 2)
          .map((row) => row.id)
          .sort(),
      ).toEqual([waitingForNorthwind, terminatingByGroup].sort())
      expect(list.body.meta).toEqual({
        total: 6,
        requests: 2,
        pending: 2,
        active: 1,
        ended: 1,
        pay: 2,
        receive: 4,
      })
      const stats = await rest(server, 'GET', '/contract/stats', business)
      expect(stats.body.data).toEqual(list.body.meta)
      const rpc = await server.post('/rpc/getContractStats', {}, business)
      expect(rpc.body.stats).toEqual(list.body.meta)
    })

    it('filters by status, company and counterparty, and pages', async () => {
      const ended = await rest(
        server,
        'GET',
        '/contract?statuses[]=CANCELLED&statuses[]=ACTIVE',
        business,
      )
      const endedIds = (ended.body.data as { id: number }[]).map((row) => row.id).sort()
      expect(endedIds).toEqual([active, cancelled])
      const labs = await rest(server, 'GET', '/contract?counterpartyName=labs', business)
      expect((labs.body.data as unknown[]).length).toBe(2)
      const page = await rest(server, 'GET', '/contract?pageSize=4&page=2', business)
      expect((page.body.data as unknown[]).length).toBe(2)
      const bad = await rest(server, 'GET', '/contract?statuses[]=OPEN', business)
      expect(bad.status).toBe(400)
      expect(failedParameters(bad)[0]).toMatch(/^statuses/)
      const home = await server.post('/rpc/getContracts', {}, business)
      expect(home.body.responseCode).toBe('00')
      expect((home.body.contracts as unknown[]).length).toBe(6)
    })

    it('signs with the password at the portal signing link; both signatures make it SIGNED', async () => {
      const check = await rest(
        server,
        'GET',
        `/contract/${waitingForNorthwind}/checkSigner`,
        business,
      )
      expect(check.body.data).toEqual({ canSign: true })
      const link = await rest(server, 'GET', `/contract/${waitingForNorthwind}/signUrl`, business)
      expect(link.body.data).toEqual({
        signUrl: `/revenue-split/${waitingForNorthwind}?sign=1`,
        clientId: 'portal',
      })
      const path = `/contract/${waitingForNorthwind}/sign`
      const wrong = await rest(server, 'POST', path, business, { password: 'not-it' })
      expect(wrong.status).toBe(400)
      expect(failedParameters(wrong)).toEqual(['password'])
      const signed = await rest(server, 'POST', path, business, { password: 'Demo-2026!' })
      expect(signed.status, signed.text).toBe(200)
      // Harbor Retail, the payer, is verified: no identification is needed.
      expect(dataOf(signed)).toMatchObject({ status: 'SIGNED', direction: 'RECEIVE' })
      expect(dataOf(signed).identificationStatus).toBeUndefined()
      const again = await rest(server, 'POST', path, business, { password: 'Demo-2026!' })
      expect(again.status).toBe(422)
      const after = await rest(
        server,
        'GET',
        `/contract/${waitingForNorthwind}/checkSigner`,
        business,
      )
      expect(after.body.data).toEqual({ canSign: false })
    })

    it('lets the initiator cancel a proposal and nobody reject it after', async () => {
      const refusedReject = await rest(
        server,
        'POST',
        `/contract/${proposedByNorthwind}/reject`,
        business,
      )
      expect(refusedReject.status).toBe(422)
      expect(refusedReject.body.message).toBe("The contract's status does not allow this action.")
      const cancel = await rest(server, 'POST', `/contract/${proposedByNorthwind}/cancel`, business)
      expect(dataOf(cancel).status).toBe('CANCELLED')
      const twice = await rest(server, 'POST', `/contract/${proposedByNorthwind}/cancel`, business)
      expect(twice.status).toBe(422)
    })

    it('lets the other party reject a proposal', async () => {
      const created = await rest(server, 'PUT', '/contract', group, {
        companyId: ids.group,
        senderId: ids.group,
        beneficiaryId: ids.northwind,
        senderObligations: ['Pay monthly'],
        beneficiaryObligations: ['Refer customers'],
        activeFrom: dayFromToday(0),
        percentage: 1,
      })
      const id = dataOf(created).id
      const reject = await rest(server, 'POST', `/contract/${id}/reject`, business)
      expect(dataOf(reject).status).toBe('REJECTED')
    })

    it('terminates with a note, withdraws it, and accepts the other side’s request', async () => {
      const empty = await rest(server, 'POST', `/contract/${active}/terminate`, business, {
        note: '',
      })
      expect(empty.status).toBe(400)
      expect(failedParameters(empty)).toEqual(['note'])
      const asked = await rest(server, 'POST', `/contract/${active}/terminate`, business, {
        note: 'The channel is closed',
      })
      expect(dataOf(asked)).toMatchObject({
        status: 'TERMINATING',
        terminateInfo: { terminatedBy: ids.northwind, note: 'The channel is closed' },
      })
      // Only the other party ends it now; the asker may withdraw.
      const own = await rest(server, 'POST', `/contract/${active}/terminateNow`, business)
      expect(own.status).toBe(422)
      const withdrawn = await rest(server, 'POST', `/contract/${active}/terminateCancel`, business)
      expect(dataOf(withdrawn).status).toBe('ACTIVE')
      expect(dataOf(withdrawn).terminateInfo).toBeUndefined()
      const now = await rest(
        server,
        'POST',
        `/contract/${terminatingByGroup}/terminateNow`,
        business,
      )
      expect(dataOf(now)).toMatchObject({ status: 'TERMINATED', activeTo: dayFromToday(0) })
    })

    it('records that the payer started its identification; the beneficiary may not', async () => {
      const labs = (await server.signIn('labs@nova.example')).accessToken
      const path = `/contract/${needIdentification}/identificationStarted`
      const beneficiary = await rest(server, 'POST', path, business)
      expect(beneficiary.status).toBe(422)
      const started = await rest(server, 'POST', path, labs)
      expect(started.status, started.text).toBe(204)
      const list = await rest(server, 'GET', '/contract?statuses[]=NEED_IDENTIFICATION', labs)
      expect(list.body.data).toEqual([
        expect.objectContaining({ id: needIdentification, identificationStatus: 'PROCESSING' }),
      ])
    })

    it('answers 404 for a contract of other customers, and for none', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const other = await rest(server, 'GET', `/contract/${active}/pdfUrl`, demo)
      expect(other.status).toBe(404)
      const none = await rest(server, 'POST', '/contract/999999/cancel', business)
      expect(none.status).toBe(404)
      expect(none.body.message).toBe('The contract was not found.')
      const notOurs = await rest(
        server,
        'GET',
        `/contract/${needIdentification}/checkSigner`,
        group,
      )
      expect(notOurs.status).toBe(404)
    })

    it('gives a signed link to the contract as a PDF', async () => {
      const reply = await rest(server, 'GET', `/contract/${active}/pdfUrl`, business)
      expect(reply.status, reply.text).toBe(200)
      const { pdfUrl } = reply.body.data as { pdfUrl: string }
      const file = await fetch(`${server.baseUrl}${pdfUrl}`)
      expect(file.status).toBe(200)
      expect(file.headers.get('content-type')).toBe('application/pdf')
      const bytes = Buffer.from(await file.arrayBuffer())
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    })
  })
}
