// adminFatcaFormDecide: the bank's check of a FATCA/CRS self-certification (product-spec
// section 3, document status values; section 6). What the customer then sees is read through
// their own fatcaCrsPersonalGet and the demo mailbox; a validated W-8BEN's warning and lapse run
// as the job worker would at those dates; and the refusals: a missing reason, a form not
// waiting, another business's representative, a customer calling it.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../../src/server/db/schema.ts'
import { fatcaDecisions } from '../../../src/server/db/schema-fatca.ts'
import { runDueJobs } from '../../../src/server/jobs/run-due-jobs.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'

interface MailboxMessage {
  subject: string
  body: string
}

const day = 86_400_000

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let admin: string
    let fatca: string
    let fatcaCustomerId: number
    beforeAll(async () => {
      server = await startServer(target)
      admin = (await server.signIn('admin@nova.example')).accessToken
      fatca = (await server.signIn('fatca@nova.example')).accessToken
      const [user] = await server.db
        .select()
        .from(users)
        .where(eq(users.username, 'fatca@nova.example'))
      fatcaCustomerId = user!.customerId
      const saved = await server.post(
        '/rpc/fatcaCrsPersonalUpdate',
        { isUSTaxPayer: false, taxIds: [{ countryCode: 'GB', taxId: 'QQ123456C' }] },
        fatca,
      )
      expect(saved.body.responseCode, saved.text).toBe('00')
      const signed = await server.post('/rpc/wFormUpload', { formTypes: ['w8Ben'] }, fatca)
      expect(signed.body.responseCode, signed.text).toBe('00')
    })
    afterAll(async () => {
      await server?.close()
    })

    const decide = (body: Record<string, unknown>, token = admin) =>
      server.post('/rpc/adminFatcaFormDecide', { fromCustomerId: fatcaCustomerId, ...body }, token)
    const certification = async () =>
      (await server.post('/rpc/fatcaCrsPersonalGet', {}, fatca)).body.certification as Record<
        string,
        unknown
      >
    const mailbox = async () => {
      const reply = await fetch(`${server.baseUrl}/demo/mailbox?recipient=fatca@nova.example`)
      return ((await reply.json()) as { messages: MailboxMessage[] }).messages
    }

    it('starts with the saved self-certification and the signed W-8BEN waiting', async () => {
      expect(await certification()).toMatchObject({
        taxResidencySelfCertificationDocumentStatus: 'pending',
        w8BenFormDocumentStatus: 'pending',
      })
    })

    it('refuses a rejection without a reason with VF naming rejectReason', async () => {
      const reply = await decide({ form: 'selfCertification', decision: 'reject' })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['rejectReason'])
      expect((await certification()).taxResidencySelfCertificationDocumentStatus).toBe('pending')
    })

    it('rejects the self-certification: the customer sees it rejected and is told why', async () => {
      const before = (await mailbox()).length
      const reply = await decide({
        form: 'selfCertification',
        decision: 'reject',
        rejectReason: 'The tax id does not match the country.',
      })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect(reply.body.statuses).toMatchObject({ selfCertification: 'rejected', w8Ben: 'pending' })
      expect((await certification()).taxResidencySelfCertificationDocumentStatus).toBe('rejected')
      const messages = await mailbox()
      expect(messages.length).toBe(before + 1)
      expect(messages[0]).toMatchObject({ subject: 'Self-certification rejected' })
      expect(messages[0]?.body).toContain('The tax id does not match the country.')
      const [decision] = await server.db.select().from(fatcaDecisions)
      expect(decision).toMatchObject({
        form: 'selfCertification',
        action: 'rejected',
        reason: 'The tax id does not match the country.',
      })
    })

    it('does not decide a form that is not waiting', async () => {
      const again = await decide({ form: 'selfCertification', decision: 'confirm' })
      expect(again.body.responseCode).toBe('VF')
      expect(failedParameters(again)).toEqual(['form'])
      const w9 = await decide({ form: 'w9', decision: 'confirm' })
      expect(failedParameters(w9)).toEqual(['form'])
    })

    it('validates the W-8BEN, which warns 90 days before it lapses and then asks to sign again', async () => {
      const reply = await decide({ form: 'w8Ben', decision: 'confirm' })
      expect(reply.body.responseCode, reply.text).toBe('00')
      expect((await certification()).w8BenFormDocumentStatus).toBe('validated')
      // Signed this year: good until the end of the third calendar year after it.
      const lapse = Date.UTC(new Date().getUTCFullYear() + 4, 0, 1)
      await runDueJobs(server.db, { now: new Date(lapse - 91 * day) })
      expect((await certification()).w8BenFormDocumentStatus).toBe('validated')
      await runDueJobs(server.db, { now: new Date(lapse - 89 * day) })
      expect((await certification()).w8BenFormDocumentStatus).toBe('expiredSoon')
      expect((await mailbox())[0]).toMatchObject({ subject: 'W-8BEN expires soon' })
      await runDueJobs(server.db, { now: new Date(lapse + day) })
      expect((await certification()).w8BenFormDocumentStatus).toBe('none')
      expect((await mailbox())[0]).toMatchObject({ subject: 'W-8BEN expired' })
    })

    it('refuses a representative of another business with VF naming representativeId', async () => {
      const reply = await decide({
        representativeId: 110001,
        form: 'selfCertification',
        decision: 'confirm',
      })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['representativeId'])
    })

    it('refuses a customer with ENOA, and a caller without a token with AU', async () => {
      const asCustomer = await decide({ form: 'w8Ben', decision: 'confirm' }, fatca)
      expect(asCustomer.body.responseCode).toBe('ENOA')
      const anonymous = await server.post('/rpc/adminFatcaFormDecide', {
        form: 'w8Ben',
        decision: 'confirm',
      })
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.responseCode).toBe('AU')
    })
  })
}
