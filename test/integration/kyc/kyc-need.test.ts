// When KYC is needed (src/server/kyc/kyc-need.ts; product-spec section 2): a person who has
// just registered needs it; a proof of identity alone does not meet it, a refused upload
// changes nothing, and with the KYC answers (given at registration) and a proof of address
// waiting for review it is met, so getCustomerInfo stops sending the person to the KYC page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { desc, eq } from 'drizzle-orm'
import { outboxMessages } from '../../../src/server/db/schema-outbox.ts'
import { kycProfiles } from '../../../src/server/db/schema.ts'
import { databaseTargets, startServer, type TestServer } from '../server-harness.ts'
import { personalPayload, solvedCaptcha } from '../activation/registration-payloads.ts'
import { ok, png, uniquePdf, upload } from './document-upload-support.ts'

const codeOf = (body: string | undefined) => /code is ([A-Z0-9]{8})/.exec(body ?? '')?.[1] ?? ''

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const send = (operation: string, body: unknown) => server.post(`/rpc/${operation}`, body)

    /** A person registered and activated as the portal does it; the session's token. */
    async function newPerson(email: string): Promise<string> {
      const payload = personalPayload(email, await solvedCaptcha(server.baseUrl))
      await ok(send('personalAccountCreate', payload))
      const [mail] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email))
        .orderBy(desc(outboxMessages.id))
      await ok(send('accountActivate', { username: email, activationCode: codeOf(mail?.body) }))
      return (await server.signIn(email, payload.password)).accessToken
    }
    const needsKyc = async (token: string) => {
      const body = await ok(server.post('/rpc/getCustomerInfo', {}, token))
      return (body.customer as { isNeedKyc: boolean }).isNeedKyc
    }

    it('a new person needs KYC until identity, address and answers are given', async () => {
      const token = await newPerson('kyc.newcomer@mail.example')
      expect(await needsKyc(token)).toBe(true)
      await ok(
        upload(
          server,
          'customerDocumentCreate',
          token,
          { documentTypeId: 1 },
          {
            mainDocument: { name: 'passport.pdf', bytes: uniquePdf('passport') },
          },
        ),
      )
      expect(await needsKyc(token)).toBe(true)
      // A refused upload (a utility bill needs its issue date) gives nothing.
      const refused = await upload(
        server,
        'customerDocumentCreate',
        token,
        { documentTypeId: 11 },
        {
          mainDocument: { name: 'bill.png', bytes: png, type: 'image/png' },
        },
      )
      expect(refused.body.responseCode).toBe('VF')
      expect(await needsKyc(token)).toBe(true)
      const today = new Date().toISOString().slice(0, 10)
      await ok(
        upload(
          server,
          'customerDocumentCreate',
          token,
          { documentTypeId: 11, issuedDate: today },
          {
            mainDocument: { name: 'bill.png', bytes: png, type: 'image/png' },
          },
        ),
      )
      expect(await needsKyc(token)).toBe(false)
    })

    it('without the answers, saving them is what meets it', async () => {
      const token = await newPerson('kyc.answers@mail.example')
      const info = await ok(server.post('/rpc/getCustomerInfo', {}, token))
      const customerId = (info.customer as { customerId: number }).customerId
      await server.db
        .update(kycProfiles)
        .set({ occupationId: null })
        .where(eq(kycProfiles.customerId, customerId))
      const today = new Date().toISOString().slice(0, 10)
      for (const [documentTypeId, issuedDate] of [
        [1, undefined],
        [11, today],
      ] as const)
        await ok(
          upload(
            server,
            'customerDocumentCreate',
            token,
            { documentTypeId, ...(issuedDate ? { issuedDate } : {}) },
            { mainDocument: { name: 'scan.pdf', bytes: uniquePdf('scan') } },
          ),
        )
      expect(await needsKyc(token)).toBe(true)
      await ok(
        server.post(
          '/rpc/kycInfoUpdate',
          { occupationId: 2, sourceOfFundsIds: [1], purposeIds: [1], estimatedMonthlyDepositId: 1 },
          token,
        ),
      )
      expect(await needsKyc(token)).toBe(false)
    })
  })
}
