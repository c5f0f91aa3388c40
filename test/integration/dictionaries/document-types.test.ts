// documentTypes: the document categories 1-12 with their types and per-type needs
// (product-spec section 3; section 5: the Russia/Ukraine-only stamp page, types allowed over
// 90 days).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  databaseTargets,
  failedParameters,
  startServer,
  type TestServer,
} from '../server-harness.ts'
import type { components } from '../../../src/generated/api.d.ts'

type Category = components['schemas']['DocumentCategoryTypes']

for (const target of databaseTargets()) {
  describe.skipIf(target.skipReason !== undefined)(target.name, () => {
    let server: TestServer
    let categories: Category[]
    beforeAll(async () => {
      server = await startServer(target)
      const reply = await server.post('/rpc/documentTypes', {})
      expect(reply.status).toBe(200)
      expect(reply.body.responseCode).toBe('00')
      categories = reply.body.documentCategories as Category[]
    })
    afterAll(async () => {
      await server?.close()
    })

    const typesOf = (categoryId: number) =>
      categories.find((category) => category.categoryId === categoryId)?.documentTypes ?? []

    it('lists categories 1 to 12, each with types that carry its id', () => {
      expect(categories.map((category) => category.categoryId)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
      ])
      expect(categories[0]?.name).toBe('Proof of identity')
      for (const category of categories) {
        expect(category.documentTypes.length, category.name).toBeGreaterThan(0)
        for (const type of category.documentTypes) expect(type.categoryId).toBe(category.categoryId)
      }
    })

    it('asks for both sides of an identity card but one page of a passport', () => {
      const identity = typesOf(1)
      expect(identity.find((type) => type.name === 'Passport')).toMatchObject({
        needsFrontPage: true,
        needsBackPage: false,
      })
      expect(identity.find((type) => type.name === 'National identity card')).toMatchObject({
        needsBackPage: true,
      })
    })

    it('needs a stamp page only for the Russia/Ukraine-only type', () => {
      const stamped = categories
        .flatMap((category) => category.documentTypes)
        .filter((type) => type.needsStampPage)
      expect(new Set(stamped.map((type) => type.documentTypeId)).size).toBe(1)
      expect(stamped[0]?.countryCodes).toEqual(['RU', 'UA'])
    })

    it('allows some proofs of address over 90 days, not a utility bill', () => {
      const address = typesOf(2)
      expect(address.find((type) => type.name === 'Utility bill')?.allowedOver90Days).toBe(false)
      expect(address.find((type) => type.name === 'Tenancy agreement')?.allowedOver90Days).toBe(
        true,
      )
      const relative = address.find((type) => type.needsRelationshipDocument)
      expect(relative?.name).toBe("Document in a family member's name")
      expect(address.find((type) => type.name === 'Bank statement')?.needsPassword).toBe(true)
    })

    it('refuses an unknown field with VF naming it', async () => {
      const reply = await server.post('/rpc/documentTypes', { categoryId: 1 })
      expect(reply.body.responseCode).toBe('VF')
      expect(failedParameters(reply)).toEqual(['categoryId'])
    })
  })
}
