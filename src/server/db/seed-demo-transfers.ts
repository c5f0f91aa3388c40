// Demo data of money movement: initiator@nova.example, a user with access right 3 (initiate)
// on business@nova.example's company, whose transfers become approval requests for the
// company's approvers (product-spec section 4); and the P2P permission for the company.
// Added once: the initiator's user row marks it done.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from './open-database.ts'
import { customers, users } from './schema.ts'
import { companyUsers } from './schema-security.ts'
import { hashPassword } from '../auth/password-hash.ts'

export const demoInitiator = 'initiator@nova.example'

export async function seedTransfersDemo(db: Db, password: string): Promise<void> {
  const [company] = await db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, 'business@nova.example'))
  if (!company) return
  const [existing] = await db.select().from(users).where(eq(users.username, demoInitiator))
  if (existing) return
  const [customer] = await db
    .insert(customers)
    .values({
      customerType: 0,
      firstName: 'Riley',
      lastName: 'Quinn',
      email: demoInitiator,
      residenceCountryCode: 'LT',
      verified: true,
    })
    .returning({ id: customers.id })
  if (!customer) throw new Error('assertion: demo initiator inserted')
  const [user] = await db
    .insert(users)
    .values({
      username: demoInitiator,
      passwordHash: await hashPassword(password),
      customerId: customer.id,
      loginFlow: 'simple',
    })
    .returning({ id: users.id })
  if (!user) throw new Error('assertion: demo initiator user inserted')
  await db
    .insert(companyUsers)
    .values({ companyCustomerId: company.customerId, userId: user.id, accessRight: 3 })
  await db
    .update(customers)
    .set({
      permissions: sql`${customers.permissions} || '{"sendMoneyUser": true, "transferMoneyUser": true}'::jsonb`,
    })
    .where(and(eq(customers.id, company.customerId)))
}
