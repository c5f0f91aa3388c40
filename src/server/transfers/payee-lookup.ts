// What the bank knows about an e-mail a customer wants to pay (product-spec sections 5 and 7):
// whether a customer signs in with it (or has it as a confirmed e-mail), whether it is a
// business employee's, and whether it is off the caller's payout blacklist.
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerEmails, customers, users } from '../db/schema.ts'
import { companyUsers, payoutBlacklist } from '../db/schema-security.ts'

export interface PayeeFacts {
  exists: boolean
  isEmployee: boolean
  outBlacklist: boolean
  customerId?: number
  name?: string
  /** What a payer may read before paying: a business name, or first name and last initial. */
  displayName?: string
}

export async function payeeFacts(
  db: Db,
  callerCustomerId: number,
  email: string,
): Promise<PayeeFacts> {
  const address = email.trim().toLowerCase()
  const [user] = await db
    .select({ id: users.id, customerId: users.customerId })
    .from(users)
    .where(eq(users.username, address))
  let customerId = user?.customerId
  if (customerId === undefined) {
    const [confirmed] = await db
      .select({ customerId: customerEmails.customerId })
      .from(customerEmails)
      .where(and(eq(customerEmails.emailAddress, address), isNotNull(customerEmails.confirmedAt)))
    customerId = confirmed?.customerId
  }
  const [employee] = user
    ? await db
        .select({ n: sql<number>`1` })
        .from(companyUsers)
        .where(eq(companyUsers.userId, user.id))
        .limit(1)
    : []
  const [blocked] = await db
    .select({ id: payoutBlacklist.id })
    .from(payoutBlacklist)
    .where(
      and(eq(payoutBlacklist.customerId, callerCustomerId), eq(payoutBlacklist.email, address)),
    )
  const facts: PayeeFacts = {
    exists: customerId !== undefined,
    isEmployee: employee !== undefined,
    outBlacklist: blocked === undefined,
  }
  if (customerId !== undefined) {
    const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
    facts.customerId = customerId
    facts.name =
      customer?.businessName ?? [customer?.firstName, customer?.lastName].filter(Boolean).join(' ')
    const shown = customer ? displayNameOf(customer) : ''
    if (shown) facts.displayName = shown
  }
  return facts
}

/**
 * The payee's name as a payer sees it before confirming (issue 16): a company's business name;
 * a person's first name and the initial of the last name, so an e-mail does not reveal a
 * stranger's full name.
 */
export function displayNameOf(customer: {
  businessName: string | null
  firstName: string | null
  lastName: string | null
}): string {
  if (customer.businessName?.trim()) return customer.businessName.trim()
  const first = customer.firstName?.trim() ?? ''
  const initial = customer.lastName?.trim().charAt(0) ?? ''
  return [first, initial && `${initial.toUpperCase()}.`].filter(Boolean).join(' ')
}

export function checkAnswer(facts: PayeeFacts) {
  return {
    exist: facts.exists,
    exists: facts.exists,
    isEmployee: facts.isEmployee,
    outBlacklist: facts.outBlacklist,
  }
}
