// emailDelete: deletes one of the customer's e-mail addresses; never the primary one, and never
// the last (product-spec section 7; docs/decisions.md). Its confirmation links stop working.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, type RefusalKey } from '../rpc/outcome.ts'
import { customerEmails } from '../db/schema.ts'
import { emailConfirmations } from '../db/schema-auth.ts'
import { notYours, ownEmails } from './customer-emails.ts'
import { writeTransaction } from './write-transaction.ts'

export const handler: Handler<'emailDelete'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const refuse = (reason: RefusalKey) => validationFailure([refusal('emailId', reason)])
  return writeTransaction(context.db, async (tx) => {
    const emails = await ownEmails(tx, customerId)
    const email = emails.find((row) => row.id === input.emailId)
    if (!email) return refuse(notYours)
    if (email.isPrimary) return refuse('refusal.customer.primaryCannotBeDeleted')
    if (emails.length === 1) return refuse('refusal.customer.onlyEmail')
    await tx.delete(emailConfirmations).where(eq(emailConfirmations.emailId, email.id))
    await tx.delete(customerEmails).where(eq(customerEmails.id, email.id))
    return rpcOk()
  })
}
