// identityVerificationStart and customerIdentityVerificationStart (product-spec section 7):
// who may start an identity check for whom, when none is needed (422), the per-customer
// limit (429), and a new start replacing a run whose files were never sent.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { kycRequests } from '../../../src/server/db/schema.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import {
  customerIdOf,
  demoWithoutIdentity,
  forgetStarts,
  loadRun,
  startCheck,
  startCheckFor,
  startedRun,
} from './identity-check-kit.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    const tokens = new Map<string, string>()
    const tokenOf = async (username: string) => {
      const known = tokens.get(username)
      if (known) return known
      const { accessToken } = await server.signIn(username)
      tokens.set(username, accessToken)
      return accessToken
    }
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })
    beforeEach(async () => {
      await forgetStarts(server)
    })

    const requestsOf = (customerId: number) =>
      server.db.select().from(kycRequests).where(eq(kycRequests.customerId, customerId))

    it('starts a run for a customer who is not verified, with its page and expiry', async () => {
      const customerId = await customerIdOf(server, 'kyc@nova.example')
      const reply = await startCheck(server, await tokenOf('kyc@nova.example'))
      expect(reply.status, reply.text).toBe(200)
      const run = reply.body as Record<string, string>
      expect(run.provider).toBe('builtIn')
      expect(run.workflowRunId).toMatch(/^[0-9a-f-]{36}$/)
      expect(run.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(run.url).toBe(`/identity-verification/${run.workflowRunId}/${run.token}`)
      const minutesLeft = (Date.parse(run.expiresAt!) - Date.now()) / 60_000
      expect(minutesLeft).toBeGreaterThan(55)
      expect(minutesLeft).toBeLessThanOrEqual(60)
      // The page opens with the link; the server kept only the token's hash.
      const page = await loadRun(server, run.workflowRunId!, run.token!)
      expect(page.body.identityVerificationRun).toMatchObject({ status: 'created' })
      const [row] = (await requestsOf(customerId)).filter(
        (request) => request.workflowRunId === run.workflowRunId,
      )
      expect(row).toMatchObject({ provider: 'builtIn', status: 'created' })
      expect(row!.tokenHash).toMatch(/^[0-9a-f]{64}$/)
      expect(JSON.stringify(row)).not.toContain(run.token)
    })

    it('expires a run whose files were never sent when a new one starts', async () => {
      const token = await tokenOf('kyc@nova.example')
      const first = await startedRun(server, token)
      const second = await startedRun(server, token)
      const old = await loadRun(server, first.workflowRunId, first.token)
      expect(old.body.responseCode).toBe('VF')
      expect(failedParameters(old)).toEqual(['token'])
      const current = await loadRun(server, second.workflowRunId, second.token)
      expect(current.body.responseCode).toBe('00')
      const customerId = await customerIdOf(server, 'kyc@nova.example')
      const [firstRow] = await server.db
        .select({ status: kycRequests.status })
        .from(kycRequests)
        .where(
          and(
            eq(kycRequests.customerId, customerId),
            eq(kycRequests.workflowRunId, first.workflowRunId),
          ),
        )
      expect(firstRow?.status).toBe('expired')
    })

    it('answers 422 with the reason when the customer is verified, and starts nothing', async () => {
      const customerId = await customerIdOf(server, 'demo@nova.example')
      const before = await requestsOf(customerId)
      const reply = await startCheck(server, await tokenOf('demo@nova.example'))
      expect(reply.status).toBe(422)
      expect(reply.body.message).toBe(
        'The customer is already verified; no identity check is needed.',
      )
      expect(reply.body).not.toHaveProperty('token')
      expect(await requestsOf(customerId)).toEqual(before)
    })

    it('answers 422 when the identity document on file is confirmed', async () => {
      const customerId = await demoWithoutIdentity(server)
      await server.db.execute(
        `update uploaded_documents set status_id = 2 where customer_id = ${customerId} and document_type_id = 1`,
      )
      try {
        const reply = await startCheck(server, await tokenOf('demo@nova.example'))
        expect(reply.status).toBe(422)
        expect(reply.body.message).toContain('already confirmed')
      } finally {
        await server.db.execute(`update customers set verified = true where id = ${customerId}`)
      }
    })

    it('lets five checks start per customer in a day, then answers 429 with Retry-After', async () => {
      const token = await tokenOf('labs@nova.example')
      for (let i = 0; i < 5; i++) expect((await startCheck(server, token)).status).toBe(200)
      const limited = await startCheck(server, token)
      expect(limited.status).toBe(429)
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(86_000)
      expect(limited.body.retryAfterSeconds).toBeGreaterThan(86_000)
      expect(limited.body.message).toMatch(/^Too many requests/)
      // The limit is the customer's: another customer still starts.
      expect((await startCheck(server, await tokenOf('kyc@nova.example'))).status).toBe(200)
    })

    it('refuses a body and an anonymous caller', async () => {
      const token = await tokenOf('kyc@nova.example')
      const withBody = await server.post('/identity-verification', { customerId: 1001 }, token)
      expect(withBody.status).toBe(400)
      expect(failedParameters(withBody)).toEqual(['customerId'])
      expect((await startCheck(server, undefined)).status).toBe(401)
    })

    describe('for another customer', () => {
      it('starts a check of the customer an administrator names', async () => {
        const customerId = await customerIdOf(server, 'kyc@nova.example')
        const reply = await startCheckFor(server, customerId, await tokenOf('admin@nova.example'))
        expect(reply.status, reply.text).toBe(200)
        const rows = await requestsOf(customerId)
        expect(rows.map((row) => row.workflowRunId)).toContain(reply.body.workflowRunId)
      })

      it('lets a customer start its own check by its id', async () => {
        const customerId = await customerIdOf(server, 'kyc@nova.example')
        const reply = await startCheckFor(server, customerId, await tokenOf('kyc@nova.example'))
        expect(reply.status, reply.text).toBe(200)
      })

      it('refuses a customer without rights on the customer named, and starts nothing', async () => {
        const customerId = await customerIdOf(server, 'kyc@nova.example')
        const before = await requestsOf(customerId)
        const stranger = await startCheckFor(server, customerId, await tokenOf('demo@nova.example'))
        expect(stranger.status).toBe(403)
        expect(stranger.body).toEqual({ message: 'You have no access to this customer.' })
        // A user with read access on a company may not start its check either (rights 2).
        const company = await customerIdOf(server, 'business@nova.example')
        const readOnly = await startCheckFor(
          server,
          company,
          await tokenOf('employee@nova.example'),
        )
        expect(readOnly.status).toBe(403)
        expect(readOnly.body.message).toContain('access rights')
        expect(await requestsOf(customerId)).toEqual(before)
      })

      it('names the path parameter when it is no customer id; an id of nobody is no access', async () => {
        const admin = await tokenOf('admin@nova.example')
        const notAnId = await startCheckFor(server, 'abc', admin)
        expect(notAnId.status).toBe(400)
        expect(failedParameters(notAnId)).toEqual(['customerId'])
        const nobody = await startCheckFor(server, 999_999_999, admin)
        expect(nobody.status).toBe(403)
        expect(nobody.body).toEqual({ message: 'You have no access to this customer.' })
      })
    })
  })
}
