// adminDocumentDecide: an administrator confirms or rejects one uploaded file of a customer
// (product-spec section 6; section 4, Document status and Account verification state). What
// the customer then sees is checked through their own readers (documentsInquiry,
// kycCustomerInfoGet, identityGet, addressInquiry), the notice in the demo mailbox, the
// decision recorded with the administrator, a decided file not decided again, and the
// refusals: a missing reason, another customer's file, and a customer calling it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import {
  documentsOf,
  ok,
  uniquePdf,
  upload,
  verificationStateOf,
  type UploadedFileBody,
} from './document-upload-support.ts'

interface MailboxMessage {
  subject: string
  body: string
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let admin: string
    let customer: string
    let reviewId: number
    beforeAll(async () => {
      server = await startServer(target)
      admin = (await server.signIn('admin@nova.example')).accessToken
      customer = (await server.signIn('review@nova.example')).accessToken
      const listed = await ok(server.post('/rpc/adminReviewList', {}, admin))
      const entry = (listed.customers as { customerId: number; name: string }[]).find(
        (row) => row.name === 'Riley Stone',
      )
      reviewId = Number(entry?.customerId)
    })
    afterAll(async () => {
      await server?.close()
    })

    const decide = (body: Record<string, unknown>, token = admin) =>
      server.post('/rpc/adminDocumentDecide', { fromCustomerId: reviewId, ...body }, token)

    const fileOfCategory = async (categoryId: number) => {
      const { documents } = await documentsOf(server, customer)
      const document = documents.find((row) => row.categoryId === categoryId)
      const file = document?.uploadedDocuments.find((row) => !row.isSubDocument)
      if (!file) throw new Error(`no file of category ${categoryId}`)
      return file
    }

    const mailbox = async () => {
      const reply = await fetch(`${server.baseUrl}/demo/mailbox?recipient=review@nova.example`)
      return ((await reply.json()) as { messages: MailboxMessage[] }).messages
    }

    it('starts in review: both files submitted, the customer processing', async () => {
      expect(await verificationStateOf(server, customer)).toBe('processing')
    })

    it('refuses a rejection without a reason with VF naming rejectReason', async () => {
      const passport = await fileOfCategory(1)
      const reply = await decide({ uploadedDocumentId: passport.id, decision: 'reject' })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['rejectReason'])
      const blank = await decide({
        uploadedDocumentId: passport.id,
        decision: 'reject',
        rejectReason: '   ',
      })
      expect(failedParameters(blank)).toEqual(['rejectReason'])
      expect((await fileOfCategory(1)).statusId).toBe(0)
    })

    it('rejects the passport: the customer sees why, has an action to take and is mailed', async () => {
      const passport = await fileOfCategory(1)
      const before = (await mailbox()).length
      const body = await ok(
        decide({
          uploadedDocumentId: passport.id,
          decision: 'reject',
          rejectReason: 'The photo page is cut off.',
        }),
      )
      expect(body.file).toMatchObject({
        document: { id: passport.id, statusId: 26, rejectReason: 'The photo page is cut off.' },
        decisions: [
          {
            action: 'rejected',
            decidedBy: 'admin@nova.example',
            reason: 'The photo page is cut off.',
          },
        ],
      })
      expect(body.status).toMatchObject({ verificationState: 'hasRequiredActions' })
      expect(await fileOfCategory(1)).toMatchObject({
        statusId: 26,
        rejectReason: 'The photo page is cut off.',
      })
      const identity = await ok(server.post('/rpc/identityGet', {}, customer))
      expect(identity.identity).toMatchObject({ status: 26 })
      expect(await verificationStateOf(server, customer)).toBe('hasRequiredActions')
      const profile = await ok(server.post('/rpc/profileInquiry', {}, customer))
      expect(profile.profile).toMatchObject({
        status: { verificationState: 'hasRequiredActions', requiredActionCount: 1 },
      })
      const messages = await mailbox()
      expect(messages.length).toBe(before + 1)
      expect(messages[0]).toMatchObject({ subject: 'Document rejected' })
      expect(messages[0]?.body).toContain('The photo page is cut off.')
    })

    it('does not decide a decided file again', async () => {
      const passport = await fileOfCategory(1)
      const reply = await decide({ uploadedDocumentId: passport.id, decision: 'confirm' })
      expect(failedParameters(reply)).toEqual(['uploadedDocumentId'])
      expect((await fileOfCategory(1)).statusId).toBe(26)
    })

    it('decides a new upload of the rejected document anew, and confirming all leads to final review', async () => {
      const sent = await ok(
        upload(
          server,
          'customerDocumentCreate',
          customer,
          { documentTypeId: 1 },
          {
            mainDocument: { name: 'passport-again.pdf', bytes: uniquePdf() },
          },
        ),
      )
      const [again] = sent.uploadedDocuments as UploadedFileBody[]
      await ok(decide({ uploadedDocumentId: Number(again?.id), decision: 'confirm' }))
      const bill = await fileOfCategory(2)
      const confirmed = await ok(decide({ uploadedDocumentId: bill.id, decision: 'confirm' }))
      expect(confirmed.status).toMatchObject({ verificationState: 'finalReview' })
      expect(await verificationStateOf(server, customer)).toBe('finalReview')
      // The address the bill proves is confirmed with it.
      const addresses = await ok(server.post('/rpc/addressInquiry', {}, customer))
      expect(addresses.addresses).toMatchObject([{ addressStatus: 1, confirmed: true }])
      const [latest] = await mailbox()
      expect(latest).toMatchObject({ subject: 'Document confirmed' })
    })

    it('records every decision with the administrator, oldest first', async () => {
      const body = await ok(
        server.post('/rpc/adminCustomerDocumentsGet', { fromCustomerId: reviewId }, admin),
      )
      const actions = (body.files as { decisions: { action: string; decidedBy: string }[] }[])
        .flatMap((file) => file.decisions)
        .map((decision) => `${decision.action} by ${decision.decidedBy}`)
      expect(actions.sort()).toEqual([
        'confirmed by admin@nova.example',
        'confirmed by admin@nova.example',
        'rejected by admin@nova.example',
      ])
    })

    it("answers another customer's file as an unknown one", async () => {
      const business = await server.signIn('business@nova.example')
      const { files } = await documentsOf(server, business.accessToken)
      const reply = await decide({ uploadedDocumentId: files[0]!.id, decision: 'confirm' })
      expect(failedParameters(reply)).toEqual(['uploadedDocumentId'])
    })

    it('clears duplicate documents once every file another customer sent too is decided', async () => {
      const demo = (await server.signIn('demo@nova.example')).accessToken
      const info = await ok(server.post('/rpc/getCustomerInfo', {}, demo))
      const demoId = Number((info.customer as { customerId: number }).customerId)
      const business = (await server.signIn('business@nova.example')).accessToken
      const sharedA = uniquePdf('shared-a')
      const sharedB = uniquePdf('shared-b')
      for (const [name, bytes] of [
        ['a.pdf', sharedA],
        ['b.pdf', sharedB],
      ] as const) {
        await ok(
          upload(
            server,
            'businessDocumentCreate',
            business,
            { documentTypeId: 31 },
            {
              mainDocument: { name, bytes },
            },
          ),
        )
      }
      const sent = []
      for (const bytes of [sharedA, sharedB]) {
        const body = await ok(
          upload(
            server,
            'customerDocumentCreate',
            demo,
            { documentTypeId: 1 },
            {
              mainDocument: { name: 'passport.pdf', bytes },
            },
          ),
        )
        sent.push((body.uploadedDocuments as UploadedFileBody[])[0]?.id)
      }
      expect(await verificationStateOf(server, demo)).toBe('duplicateDocuments')
      const decideFor = (uploadedDocumentId: number | undefined, decision: string) =>
        ok(
          server.post(
            '/rpc/adminDocumentDecide',
            { fromCustomerId: demoId, uploadedDocumentId, decision, rejectReason: 'A copy.' },
            admin,
          ),
        )
      // One duplicated file still waits: the question the flag asks is not answered yet.
      await decideFor(sent[0], 'reject')
      expect(await verificationStateOf(server, demo)).toBe('duplicateDocuments')
      await decideFor(sent[1], 'confirm')
      expect(await verificationStateOf(server, demo)).not.toMatch(/^duplicateDocuments/)
    })

    it('refuses a customer with ENOA, and a caller without a token with AU', async () => {
      const passport = await fileOfCategory(1)
      const asCustomer = await decide(
        { uploadedDocumentId: passport.id, decision: 'confirm' },
        customer,
      )
      expect(asCustomer.body.responseCode).toBe('ENOA')
      const anonymous = await server.post('/rpc/adminDocumentDecide', {
        uploadedDocumentId: passport.id,
        decision: 'confirm',
      })
      expect(anonymous.status).toBe(401)
      expect(anonymous.body.responseCode).toBe('AU')
    })
  })
}
