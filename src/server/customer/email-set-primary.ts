// emailSetPrimary: makes a confirmed e-mail address the primary one, the address the bank
// writes to (product-spec sections 3 and 7). The sign-in name does not change: that is the
// username change request of section 3. customers.email follows the primary address.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, type RefusalKey } from '../rpc/outcome.ts'
import { customerEmails, customers } from '../db/schema.ts'
import { emailView } from '../kyc/record-views.ts'
import { notYours, ownEmails } from './customer-emails.ts'
import { writeTransaction } from './write-transaction.ts'

export const handler: Handler<'emailSetPrimary'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const refuse = (reason: RefusalKey) => validationFailure([refusal('emailId', reason)])
  return writeTransaction(context.db, async (tx) => {
    const emails = await ownEmails(tx, customerId)
    const email = emails.find((row) => row.id === input.emailId)
    if (!email) return refuse(notYours)
    if (!email.confirmedAt) return refuse('refusal.customer.confirmBeforePrimary')
    if (!email.isPrimary) {
      // The old primary first: one primary address per customer (customer_emails_primary_key).
      for (const old of emails.filter((row) => row.isPrimary)) {
        await tx
          .update(customerEmails)
          .set({ isPrimary: false })
          .where(eq(customerEmails.id, old.id))
      }
      await tx
        .update(customerEmails)
        .set({ isPrimary: true })
        .where(eq(customerEmails.id, email.id))
      await tx
        .update(customers)
        .set({ email: email.emailAddress })
        .where(eq(customers.id, customerId))
    }
    const after = await ownEmails(tx, customerId)
    return rpcOk({ emails: after.map(emailView) })
  })
}
