// documentsInquiry: the documents a customer is asked for, their files and types, and whether
// they are verified or in review (product-spec sections 3 and 4).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type JsonBody,
  type TestServer,
} from '../server-harness.ts'

interface DocumentBody {
  documentId: number
  categoryId: number
  statusId: number
  addressId?: number
  verified: boolean
  inReview: boolean
  documentTypes: Record<string, unknown>[]
  uploadedDocuments: Record<string, unknown>[]
}

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    beforeAll(async () => {
      server = await startServer(target)
    })
    afterAll(async () => {
      await server?.close()
    })

    const inquire = async (username: string, body: Record<string, unknown> = {}) => {
      const { accessToken } = await server.signIn(username)
      const reply = await server.post('/rpc/documentsInquiry', body, accessToken)
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      return { ...reply.body, accessToken } as JsonBody & {
        documents: DocumentBody[]
        accessToken: string
      }
    }

    it('shows a verified identity and proof of address for the personal customer', async () => {
      const body = await inquire('demo@nova.example')
      expect(body).toMatchObject({ verified: true, inReview: false })
      expect(body.documents.map((document) => document.categoryId)).toEqual([1, 2])
      expect(body.documents[0]).toMatchObject({
        statusId: 2,
        isDueDiligence: false,
        verified: true,
        uploadedDocuments: [{ documentType: 'Passport', statusId: 2 }],
      })
      // The proof of address names the address it proves.
      const addresses = await server.post('/rpc/addressInquiry', {}, body.accessToken)
      const [home] = addresses.body.addresses as { addressId: number }[]
      expect(body.documents[1]?.addressId).toBe(home?.addressId)
    })

    it('offers the identity types with their needs, the stamp page only for RU and UA', async () => {
      const body = await inquire('demo@nova.example', { categoryId: 1 })
      const types = body.documents[0]?.documentTypes ?? []
      expect(types).toContainEqual(
        expect.objectContaining({ name: 'National identity card', needsBackPage: true }),
      )
      expect(types.filter((type) => type.needsStampPage)).toEqual([
        expect.objectContaining({ name: 'Internal passport', countryCodes: ['RU', 'UA'] }),
      ])
    })

    it('shows one business document verified and one under investigation', async () => {
      const body = await inquire('business@nova.example')
      expect(body).toMatchObject({ verified: false, inReview: false })
      expect(body.documents).toMatchObject([
        { categoryId: 4, statusId: 2, verified: true, inReview: false },
        { categoryId: 7, statusId: 31, verified: false, inReview: true },
      ])
    })

    const filters: [string, { given: Record<string, unknown>; want: Record<string, unknown> }][] = [
      [
        'category: only the business address, in review',
        { given: { categoryId: 7 }, want: { verified: false, inReview: true } },
      ],
      [
        'due diligence: none, so neither verified nor in review',
        { given: { isDueDiligence: true }, want: { documents: [], verified: false } },
      ],
    ]
    it.each(filters)('filters by %s', async (_name, { given, want }) => {
      const body = await inquire('business@nova.example', given)
      expect(body).toMatchObject(want)
    })

    it('refuses a category outside the catalogue with VF naming it', async () => {
      const { accessToken } = await server.signIn('demo@nova.example')
      const reply = await server.post('/rpc/documentsInquiry', { categoryId: 13 }, accessToken)
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['categoryId'])
    })

    it('answers 401 AU without a token', async () => {
      const reply = await server.post('/rpc/documentsInquiry', {})
      expect(reply.status).toBe(401)
      expect(reply.body.responseCode).toBe('AU')
    })
  })
}
