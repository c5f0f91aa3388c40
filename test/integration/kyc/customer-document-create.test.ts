// customerDocumentCreate: a personal customer's document with the parts its type needs
// (product-spec sections 3, 4 and 5), sent as a browser sends it (multipart, every field as
// text). What a client sees is checked: the files answered and then listed by documentsInquiry
// and addressInquiry in review, each refusal's VF naming its field, nothing written by a
// refused upload, and a file another customer sent flagging duplicate documents.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { customerAddresses } from '../../../src/server/db/schema.ts'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import {
  daysAgo,
  documentsOf,
  jpeg,
  ok,
  png,
  protectedPdf,
  uniquePdf,
  upload,
  verificationStateOf,
  type UploadedFileBody,
} from './document-upload-support.ts'

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let token: string
    beforeAll(async () => {
      server = await startServer(target)
      token = (await server.signIn('demo@nova.example')).accessToken
    })
    afterAll(async () => {
      await server?.close()
    })

    const create = (fields: Record<string, string | number>, files: Parameters<typeof upload>[4]) =>
      upload(server, 'customerDocumentCreate', token, fields, files)

    it('files a passport under the identity document, submitted and in review', async () => {
      const before = await documentsOf(server, token)
      const reply = await create(
        {
          documentTypeId: 1,
          number: 'X1234567',
          issuedDate: '2020-01-02',
          expiresDate: '2030-01-01',
        },
        { mainDocument: { name: 'passport.pdf', bytes: uniquePdf() } },
      )
      const body = await ok(reply)
      const [file] = body.uploadedDocuments as UploadedFileBody[]
      expect(body.uploadedDocuments).toHaveLength(1)
      expect(file).toMatchObject({
        statusId: 0,
        documentTypeId: 1,
        categoryId: 1,
        isSubDocument: false,
      })
      const after = await documentsOf(server, token)
      expect(after.fileCount).toBe(before.fileCount + 1)
      const identity = after.documents.find((document) => document.categoryId === 1)
      // The document follows its newest file: submitted, so neither verified nor in review as a whole.
      expect(identity).toMatchObject({ statusId: 0, verified: false, inReview: false })
      expect(identity?.uploadedDocuments[0]).toMatchObject({ id: file?.id, statusId: 0 })
      const identityGet = await ok(server.post('/rpc/identityGet', {}, token))
      expect(identityGet.identity).toMatchObject({ status: 0 })
    })

    const parts: [string, { fields: Record<string, string | number>; part: string }][] = [
      ['an identity card with its back page', { fields: { documentTypeId: 2 }, part: 'backPage' }],
      [
        'an internal passport with its stamp page',
        { fields: { documentTypeId: 4 }, part: 'stampPage' },
      ],
      [
        "a family member's bill with the proof of relationship",
        { fields: { documentTypeId: 15, issuedDate: daysAgo(10) }, part: 'relationshipDocument' },
      ],
    ]
    it.each(parts)(
      'takes %s as a sub-document of the main file',
      async (_name, { fields, part }) => {
        const reply = await create(fields, {
          mainDocument: { name: 'front.png', bytes: png, type: 'image/png' },
          [part]: { name: 'extra.jpg', bytes: jpeg, type: 'image/jpeg' },
        })
        const files = (await ok(reply)).uploadedDocuments as UploadedFileBody[]
        expect(files.map((file) => file.isSubDocument)).toEqual([false, true])
        const listed = (await documentsOf(server, token)).files.map((file) => file.id)
        expect(listed).toEqual(expect.arrayContaining(files.map((file) => file.id)))
      },
    )

    it('takes the password of a protected bank statement, and asks for it when missing', async () => {
      const missing = await create(
        { documentTypeId: 12, issuedDate: daysAgo(5) },
        { mainDocument: { name: 'statement.pdf', bytes: protectedPdf() } },
      )
      expect(failedParameters(missing)).toEqual(['password'])
      const given = await create(
        { documentTypeId: 12, issuedDate: daysAgo(5), password: 'open sesame' },
        { mainDocument: { name: 'statement.pdf', bytes: protectedPdf() } },
      )
      expect((await ok(given)).uploadedDocuments).toHaveLength(1)
    })

    it('moves an unconfirmed home address to pending with its proof', async () => {
      const addresses = await ok(server.post('/rpc/addressInquiry', {}, token))
      const [home] = addresses.addresses as { addressId: number }[]
      // Arranged in the database: no operation unconfirms an address.
      await server.db
        .update(customerAddresses)
        .set({ status: 0 })
        .where(eq(customerAddresses.id, Number(home?.addressId)))
      const reply = await create(
        { documentTypeId: 11, addressId: Number(home?.addressId), issuedDate: daysAgo(3) },
        { mainDocument: { name: 'bill.pdf', bytes: uniquePdf() } },
      )
      expect((await ok(reply)).uploadedDocuments).toMatchObject([{ categoryId: 2 }])
      const after = await ok(server.post('/rpc/addressInquiry', {}, token))
      expect(after.addresses).toContainEqual(
        expect.objectContaining({ addressId: home?.addressId, addressStatus: 2 }),
      )
    })

    const refusals: [
      string,
      {
        fields: Record<string, string | number>
        files: Parameters<typeof upload>[4]
        named: string[]
      },
    ][] = [
      [
        'a main document that is not a PDF, JPEG or PNG by its bytes',
        {
          fields: { documentTypeId: 1 },
          files: { mainDocument: { name: 'passport.pdf', bytes: Buffer.from('<html>hi</html>') } },
          named: ['mainDocument'],
        },
      ],
      [
        'an empty main document',
        {
          fields: { documentTypeId: 1 },
          files: { mainDocument: { name: 'empty.pdf', bytes: Buffer.alloc(0) } },
          named: ['mainDocument'],
        },
      ],
      [
        'a type outside the catalogue',
        {
          fields: { documentTypeId: 999 },
          files: { mainDocument: { name: 'x.pdf', bytes: uniquePdf() } },
          named: ['documentTypeId'],
        },
      ],
      [
        'a utility bill issued more than 90 days ago',
        {
          fields: { documentTypeId: 11, issuedDate: daysAgo(120) },
          files: { mainDocument: { name: 'old.pdf', bytes: uniquePdf() } },
          named: ['issuedDate'],
        },
      ],
      [
        'a password for a type that takes none',
        {
          fields: { documentTypeId: 1, password: 'secret' },
          files: { mainDocument: { name: 'p.pdf', bytes: uniquePdf() } },
          named: ['password'],
        },
      ],
      [
        'a back page for a type without one',
        {
          fields: { documentTypeId: 1 },
          files: {
            mainDocument: { name: 'p.pdf', bytes: uniquePdf() },
            backPage: { name: 'b.png', bytes: png },
          },
          named: ['backPage'],
        },
      ],
      [
        'a good front page with a back page that is not an image',
        {
          fields: { documentTypeId: 2 },
          files: {
            mainDocument: { name: 'front.png', bytes: png },
            backPage: { name: 'back.png', bytes: Buffer.from('GIF89a not really') },
          },
          named: ['backPage'],
        },
      ],
      [
        'a business document type',
        {
          fields: { documentTypeId: 31 },
          files: { mainDocument: { name: 'inc.pdf', bytes: uniquePdf() } },
          named: ['documentTypeId'],
        },
      ],
    ]
    it.each(refusals)('refuses %s with VF naming the field, writing nothing', async (_name, c) => {
      const before = await documentsOf(server, token)
      const reply = await create(c.fields, c.files)
      expect(reply.body.responseCode, reply.text).toBe('VF')
      expect(failedParameters(reply)).toEqual(c.named)
      expect((await documentsOf(server, token)).fileCount).toBe(before.fileCount)
    })

    it("refuses another customer's address with VF naming addressId", async () => {
      const business = await server.signIn('business@nova.example')
      const theirs = await ok(server.post('/rpc/addressInquiry', {}, business.accessToken))
      const [address] = theirs.addresses as { addressId: number }[]
      const reply = await create(
        { documentTypeId: 11, addressId: Number(address?.addressId), issuedDate: daysAgo(3) },
        { mainDocument: { name: 'bill.pdf', bytes: uniquePdf() } },
      )
      expect(failedParameters(reply)).toEqual(['addressId'])
    })

    it('refuses a file over 10 MB at the multipart limit, naming the body', async () => {
      const reply = await create(
        { documentTypeId: 1 },
        { mainDocument: { name: 'huge.pdf', bytes: Buffer.alloc(10 * 1024 * 1024 + 1, 0x25) } },
      )
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['body'])
    })

    it('flags duplicate documents when the same file was uploaded by another customer', async () => {
      const shared = uniquePdf('shared')
      const business = await server.signIn('business@nova.example')
      await ok(
        upload(
          server,
          'businessDocumentCreate',
          business.accessToken,
          { documentTypeId: 31 },
          {
            mainDocument: { name: 'incorporation.pdf', bytes: shared },
          },
        ),
      )
      await ok(
        create({ documentTypeId: 1 }, { mainDocument: { name: 'passport.pdf', bytes: shared } }),
      )
      expect(await verificationStateOf(server, token)).toBe('duplicateDocuments')
      // New documents sent since the flag show as uploaded, waiting for the bank.
      await ok(
        create({ documentTypeId: 1 }, { mainDocument: { name: 'p2.pdf', bytes: uniquePdf() } }),
      )
      expect(await verificationStateOf(server, token)).toBe('duplicateDocumentsUploaded')
    })

    it('answers 401 AU without a token', async () => {
      const reply = await upload(
        server,
        'customerDocumentCreate',
        undefined,
        { documentTypeId: 1 },
        {
          mainDocument: { name: 'p.pdf', bytes: uniquePdf() },
        },
      )
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
