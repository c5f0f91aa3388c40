// What the administrator's document tests of the business area share: Northwind's id, its
// seeded director, and the files its users and the administrator see.
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { businessRepresentatives } from '../../../src/server/db/schema-business.ts'
import type { TestServer } from '../server-harness.ts'

export async function northwind(server: TestServer) {
  const admin = (await server.signIn('admin@nova.example')).accessToken
  const token = (await server.signIn('business@nova.example')).accessToken
  const info = await server.post('/rpc/kycCustomerInfoGet', {}, token)
  expect(info.body.responseCode, info.text).toBe('00')
  const customerId = (info.body.kycCustomerInfo as { customerId: number }).customerId
  // The seeded director: no served operation lists representatives yet.
  const [director] = await server.db
    .select({ id: businessRepresentatives.id })
    .from(businessRepresentatives)
    .where(eq(businessRepresentatives.companyCustomerId, customerId))
  return { admin, token, customerId, directorId: Number(director?.id) }
}
