// limitDocumentUpload: a document a limit reason asks for (product-spec section 3, limit
// reasons; section 4: limited, then processing once every limit document is uploaded). The
// limited customer is arranged in the database (no operation limits an account); what follows
// is seen through customerLimitReasonGet and kycCustomerInfoGet: processing after the upload,
// and unlimited, with the customerUnlimited e-mail, once an administrator confirms it.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerLimitReasons, customers } from '../../../src/server/db/schema.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import { daysAgo, ok, uniquePdf, upload, verificationStateOf } from './document-upload-support.ts'

interface ReasonBody {
  limitReasonId: number
  requirementDocuments: { categoryId: number; isUploaded: boolean }[]
  uploadedDocuments: { id: number; statusId: number }[]
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    let reasonId: number
    let customerId: number
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
      const info = await ok(server.post('/rpc/kycCustomerInfoGet', {}, token))
      customerId = (info.kycCustomerInfo as { customerId: number }).customerId
      // Arranged: the bank limited the account and asks for a new proof of address.
      await server.db.update(customers).set({ limited: true }).where(eq(customers.id, customerId))
      const [reason] = await server.db
        .insert(customerLimitReasons)
        .values({ customerId, actionTypeId: 1, requiredCategoryIds: [2] })
        .returning()
      reasonId = Number(reason?.id)
    })
    afterAll(async () => {
      await server?.close()
    })

    const send = (fields: Record<string, string | number>, bytes = uniquePdf(), user = token) =>
      upload(server, 'limitDocumentUpload', user, fields, { file: { name: 'bill.pdf', bytes } })

    it('is limited while the document is missing', async () => {
      const body = await ok(server.post('/rpc/customerLimitReasonGet', {}, token))
      expect(body).toMatchObject({ limited: true, allDocumentsUploaded: false })
      expect(await verificationStateOf(server, token)).toBe('limited')
    })

    const refusals: [string, { fields: () => Record<string, string | number>; named: string }][] = [
      [
        'a type the reason does not ask for',
        { fields: () => ({ limitReasonId: reasonId, documentTypeId: 1 }), named: 'documentTypeId' },
      ],
      [
        'a reason that is not open for this customer',
        { fields: () => ({ limitReasonId: 90001, documentTypeId: 11 }), named: 'limitReasonId' },
      ],
      [
        'a bill issued more than 90 days ago',
        {
          fields: () => ({ limitReasonId: reasonId, documentTypeId: 11, issuedDate: daysAgo(100) }),
          named: 'issuedDate',
        },
      ],
    ]
    it.each(refusals)('refuses %s with VF naming it', async (_name, { fields, named }) => {
      const reply = await send(fields())
      expect(reply.body.responseCode, reply.text).toBe('VF')
      expect(failedParameters(reply)).toEqual([named])
    })

    it('refuses a file that is not a document by its bytes, writing nothing', async () => {
      const reply = await send(
        { limitReasonId: reasonId, documentTypeId: 11, issuedDate: daysAgo(2) },
        Buffer.from('plain text'),
      )
      expect(failedParameters(reply)).toEqual(['file'])
      const body = await ok(server.post('/rpc/customerLimitReasonGet', {}, token))
      const [reason] = body.limitReasons as ReasonBody[]
      expect(reason?.uploadedDocuments).toEqual([])
    })

    it('answers the reason with the document uploaded, and the customer is processing', async () => {
      const body = await ok(
        send({ limitReasonId: reasonId, documentTypeId: 11, issuedDate: daysAgo(2) }),
      )
      const reason = body.limitReason as ReasonBody
      expect(reason.requirementDocuments).toEqual([
        expect.objectContaining({ categoryId: 2, isUploaded: true }),
      ])
      expect(reason.uploadedDocuments).toMatchObject([{ statusId: 0 }])
      const limits = await ok(server.post('/rpc/customerLimitReasonGet', {}, token))
      expect(limits).toMatchObject({ limited: true, allDocumentsUploaded: true })
      expect(await verificationStateOf(server, token)).toBe('processing')
    })

    it('is resolved and unlimited once an administrator confirms the document', async () => {
      const limits = await ok(server.post('/rpc/customerLimitReasonGet', {}, token))
      const [reason] = limits.limitReasons as ReasonBody[]
      const admin = (await server.signIn('admin@nova.example')).accessToken
      await ok(
        server.post(
          '/rpc/adminDocumentDecide',
          {
            fromCustomerId: customerId,
            uploadedDocumentId: reason?.uploadedDocuments[0]?.id,
            decision: 'confirm',
          },
          admin,
        ),
      )
      const after = await ok(server.post('/rpc/customerLimitReasonGet', {}, token))
      expect(after).toMatchObject({ limited: false, limitReasons: [] })
      expect(await verificationStateOf(server, token)).toBe('checked')
      const mail = await fetch(`${server.baseUrl}/demo/mailbox?recipient=demo@nova.example`)
      const { messages } = (await mail.json()) as { messages: { subject: string }[] }
      expect(messages.map((message) => message.subject)).toContain(
        'Your account is no longer limited',
      )
    })

    it("refuses another customer's reason as not open for the caller", async () => {
      const business = (await server.signIn('business@nova.example')).accessToken
      const reply = await send(
        { limitReasonId: reasonId, documentTypeId: 11, issuedDate: daysAgo(2) },
        uniquePdf(),
        business,
      )
      expect(failedParameters(reply)).toEqual(['limitReasonId'])
    })
  })
}
