// The identity-check run page's operations (identityVerificationRunGet and
// identityVerificationRunSubmit, product-spec section 2) and the built-in provider's decision
// both ways, read back as the customer sees it: the verification state while the check runs
// (section 4), the identity afterwards, the request's outcome, and the e-mail in the outbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { desc, eq, sql } from 'drizzle-orm'
import { kycRequests, storedFiles } from '../../../src/server/db/schema.ts'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { sameFileReason } from '../../../src/server/adapters/identity/built-in-identity.ts'
import { recordIdentityDecision } from '../../../src/server/kyc/identity-decisions.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import {
  demoWithoutIdentity,
  forgetStarts,
  letProviderDecide,
  loadRun,
  passportScan,
  pdfBytes,
  selfie,
  sendFiles,
  startedRun,
  type StartedRun,
} from './identity-check-kit.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })
    beforeEach(async () => {
      await forgetStarts(server)
    })

    const signedIn = async (username: string) => (await server.signIn(username)).accessToken
    const rpc = async (operation: string, token: string, body: Record<string, unknown> = {}) => {
      const reply = await server.post(`/rpc/${operation}`, body, token)
      expect(reply.body.responseCode, reply.text).toBe('00')
      return reply.body
    }
    const statusOf = async (token: string) => {
      const profile = (await rpc('profileInquiry', token)).profile as { status: UserStatus }
      const info = (await rpc('kycCustomerInfoGet', token)).kycCustomerInfo as {
        status: UserStatus
      }
      expect(info.status).toEqual(profile.status)
      return profile.status
    }
    const storedCount = async () => {
      const [row] = await server.db.select({ n: sql<number>`count(*)::int` }).from(storedFiles)
      return row!.n
    }

    describe('the page link', () => {
      let run: StartedRun
      beforeAll(async () => {
        await forgetStarts(server)
        run = await startedRun(server, await signedIn('kyc@nova.example'))
      })

      it('opens the run, waiting for the files', async () => {
        const reply = await loadRun(server, run.workflowRunId, run.token)
        expect(reply.body).toEqual({
          responseCode: '00',
          identityVerificationRun: {
            workflowRunId: run.workflowRunId,
            provider: 'builtIn',
            status: 'created',
            expiresAt: run.expiresAt,
          },
        })
      })

      it('answers a wrong token, an unknown run and an expired link alike, naming the token', async () => {
        const wrongToken = await loadRun(server, run.workflowRunId, 'A'.repeat(43))
        const unknownRun = await loadRun(server, '00000000-0000-4000-8000-000000000000', run.token)
        for (const reply of [wrongToken, unknownRun]) {
          expect(reply.body.responseCode).toBe('VF')
          expect(failedParameters(reply)).toEqual(['token'])
          expect(reply.body).not.toHaveProperty('identityVerificationRun')
        }
        expect(unknownRun.text).toBe(wrongToken.text)
        await server.db
          .update(kycRequests)
          .set({ expiresAt: new Date(Date.now() - 1000) })
          .where(eq(kycRequests.workflowRunId, run.workflowRunId))
        try {
          const expired = await loadRun(server, run.workflowRunId, run.token)
          expect(expired.text).toBe(wrongToken.text)
          const send = await sendFiles(server, run, { selfie, document: passportScan })
          expect(failedParameters(send)).toEqual(['data.token'])
        } finally {
          await server.db
            .update(kycRequests)
            .set({ expiresAt: new Date(Date.now() + 600_000) })
            .where(eq(kycRequests.workflowRunId, run.workflowRunId))
        }
      })

      it('refuses a file that is no image or PDF, naming it, and writes nothing', async () => {
        const filesBefore = await storedCount()
        const text = { name: 'passport.jpg', type: 'image/jpeg', bytes: Buffer.from('not a scan') }
        const reply = await sendFiles(server, run, { selfie, document: text })
        expect(reply.body.responseCode).toBe('VF')
        expect(reply.body.errors).toEqual([
          { parameter: 'document', description: 'is not a PDF, JPEG or PNG file' },
        ])
        // A selfie is a photo: a PDF is refused there.
        const pdf = { name: 'me.pdf', type: 'application/pdf', bytes: pdfBytes }
        const pdfSelfie = await sendFiles(server, run, { selfie: pdf, document: passportScan })
        expect(failedParameters(pdfSelfie)).toEqual(['selfie'])
        const missing = await sendFiles(server, run, { selfie })
        expect(failedParameters(missing)).toEqual(['document'])
        const badType = await sendFiles(server, run, { selfie, document: passportScan }, 11)
        expect(failedParameters(badType)).toEqual(['data.documentTypeId'])
        expect(await storedCount()).toBe(filesBefore)
        const page = await loadRun(server, run.workflowRunId, run.token)
        expect(page.body.identityVerificationRun).toMatchObject({ status: 'created' })
      })
    })

    it('approves a selfie and a document: in progress, then the identity is confirmed', async () => {
      await demoWithoutIdentity(server)
      const token = await signedIn('demo@nova.example')
      const before = await statusOf(token)
      expect(before).toMatchObject({
        verificationState: 'hasRequiredActions',
        requiredActionCount: 1,
      })
      const run = await startedRun(server, token)
      const sent = await sendFiles(server, run, { selfie, document: passportScan }, 2)
      expect(sent.body.responseCode, sent.text).toBe('00')
      expect(sent.body.identityVerificationRun).toMatchObject({
        workflowRunId: run.workflowRunId,
        status: 'inProgress',
      })
      // While the provider checks, the identity asks nothing more of the customer.
      expect(await statusOf(token)).toMatchObject({
        verificationState: 'verificationProcessing',
        requiredActionCount: 0,
        bannerWarning: false,
      })
      // Sent once: a second send of the run is refused and changes nothing.
      const again = await sendFiles(server, run, { selfie, document: passportScan })
      expect(failedParameters(again)).toEqual(['data.workflowRunId'])
      const busy = await server.post('/identity-verification', {}, token)
      expect(busy.status).toBe(422)
      expect(busy.body.message).toContain('in progress')

      await letProviderDecide(server)

      const page = await loadRun(server, run.workflowRunId, run.token)
      expect(page.body.identityVerificationRun).toMatchObject({ status: 'completed' })
      const identity = (await rpc('identityGet', token)).identity as Identity
      expect(identity.status).toBe(2)
      expect(identity.documents[0]).toMatchObject({
        statusId: 2,
        documentTypeId: 2,
        documentType: 'National identity card',
        categoryId: 1,
        uploaded: true,
        createdUsername: 'identity check',
      })
      // Every document confirmed, the account not verified yet: the bank's final review.
      expect(await statusOf(token)).toMatchObject({
        verificationState: 'finalReview',
        requiredActionCount: 0,
      })
      const request = (await rpc('kycRequestGet', token)).kycRequest as Record<string, unknown>
      expect(request).toMatchObject({
        status: 'completed',
        provider: 'builtIn',
        workflowRunId: run.workflowRunId,
      })
      expect(request.completedAt).toBeDefined()
      const [mail] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'demo@nova.example'))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
      expect(mail?.subject).toBe('Your identity is confirmed')
      // Confirmed now: no check is needed any more.
      const done = await server.post('/identity-verification', {}, token)
      expect(done.status).toBe(422)
      // A second report of the decision (a webhook delivered twice) changes nothing.
      await recordIdentityDecision(server.db, {
        provider: 'builtIn',
        workflowRunId: run.workflowRunId,
        outcome: 'refused',
        reason: 'A late second report.',
      })
      const after = (await rpc('identityGet', token)).identity as Identity
      expect(after).toEqual(identity)
    })

    it('refuses the same file as selfie and document: failed with the reason, and the customer told', async () => {
      const token = await signedIn('kyc@nova.example')
      const before = await statusOf(token)
      const run = await startedRun(server, token)
      const sent = await sendFiles(server, run, {
        selfie,
        document: { ...selfie, name: 'doc.png' },
      })
      expect(sent.body.responseCode, sent.text).toBe('00')
      const during = await statusOf(token)
      // The identity area waits for the provider; the other areas still count.
      expect(during.requiredActionCount).toBe(before.requiredActionCount - 1)

      await letProviderDecide(server)

      const page = await loadRun(server, run.workflowRunId, run.token)
      expect(page.body.identityVerificationRun).toMatchObject({
        status: 'failed',
        rejectReason: sameFileReason,
      })
      const request = (await rpc('kycRequestGet', token)).kycRequest as Record<string, unknown>
      expect(request).toMatchObject({ status: 'failed', rejectReason: sameFileReason })
      const identity = (await rpc('identityGet', token)).identity as Identity
      expect(identity.documents).toEqual([])
      expect(await statusOf(token)).toEqual(before)
      const [mail] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'kyc@nova.example'))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
      expect(mail?.subject).toBe('Your identity check was not successful')
      expect(mail?.body).toContain(sameFileReason)
      // A refused check may be tried again.
      expect((await server.post('/identity-verification', {}, token)).status).toBe(200)
    })

    it('reads only the customer’s own requests', async () => {
      const kyc = await signedIn('kyc@nova.example')
      const own = (await rpc('kycRequestGet', kyc)).kycRequest as { requestId: number }
      const other = await server.post(
        '/rpc/kycRequestGet',
        { requestId: own.requestId },
        await signedIn('demo@nova.example'),
      )
      expect(other.body.responseCode).toBe('VF')
      expect(failedParameters(other)).toEqual(['requestId'])
      expect(other.body).not.toHaveProperty('kycRequest')
      const none = await rpc('kycRequestGet', await signedIn('business@nova.example'))
      expect(none).not.toHaveProperty('kycRequest')
    })
  })
}

interface UserStatus {
  verificationState: string
  requiredActionCount: number
  bannerWarning: boolean
}

interface Identity {
  status?: number
  documents: Record<string, unknown>[]
}
