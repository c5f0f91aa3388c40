// What the e-mail operations share (product-spec section 3, Phone and e-mail; section 5: e-mail
// rules): the customer's own addresses, whether an address belongs to someone else, and the
// confirmation e-mail (activation/email-confirmations.ts), at most three an hour per address
// whoever asks, since each is an e-mail to an address nobody has proved yet.
import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerEmails, customers, users } from '../db/schema.ts'
import { type Failure, type RefusalKey, rpcRefuse } from '../rpc/outcome.ts'
import { countHit, type RateLimit } from '../rpc/rate-limit.ts'
import { issueEmailConfirmation } from '../activation/email-confirmations.ts'
import type { EmailRow } from '../kyc/customer-records.ts'

/** Addresses a customer may hold at once, confirmed or not. */
export const maxEmails = 10
export const confirmationsPerAddress: RateLimit = { perClient: 3, windowSeconds: 3600 }

/** The customer's addresses, primary first, then oldest first, locked for the change. */
export async function ownEmails(tx: Db, customerId: number): Promise<EmailRow[]> {
  return tx
    .select()
    .from(customerEmails)
    .where(eq(customerEmails.customerId, customerId))
    .orderBy(desc(customerEmails.isPrimary), asc(customerEmails.id))
    .for('update')
}

/** The e-mail stored form: trimmed and lower-cased, as sign-in names are. */
export function normalEmail(address: string): string {
  return address.trim().toLowerCase()
}

/**
 * Whether the address is another customer's: a login, the e-mail a customer registered with,
 * or an address another customer confirmed. Payments to an e-mail must find one customer.
 */
export async function heldByAnotherCustomer(
  tx: Db,
  customerId: number,
  address: string,
): Promise<boolean> {
  const [login] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.username, address), ne(users.customerId, customerId)))
    .limit(1)
  if (login) return true
  const [registered] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(sql`lower(${customers.email})`, address), ne(customers.id, customerId)))
    .limit(1)
  if (registered) return true
  const [confirmed] = await tx
    .select({ id: customerEmails.id })
    .from(customerEmails)
    .where(
      and(
        eq(customerEmails.emailAddress, address),
        ne(customerEmails.customerId, customerId),
        isNotNull(customerEmails.confirmedAt),
      ),
    )
    .limit(1)
  return confirmed !== undefined
}

/** Sends the address its confirmation e-mail, or the refusal when it had its three this hour. */
export async function sendConfirmation(tx: Db, email: EmailRow): Promise<Failure | undefined> {
  const scope = 'emailConfirmation:address'
  const hit = await countHit(tx, scope, email.emailAddress, confirmationsPerAddress)
  if (!hit.allowed) {
    return rpcRefuse('TA1', 'answer.customer.emailSentRecently', undefined, {
      retryAfterSeconds: hit.retryAfterSeconds,
    })
  }
  await issueEmailConfirmation(tx, email.id)
  return undefined
}

export const notYours: RefusalKey = 'refusal.customer.notYourEmail'
