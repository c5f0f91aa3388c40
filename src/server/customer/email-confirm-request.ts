// emailConfirmRequest: sends a new confirmation e-mail (link and code) to an unconfirmed address
// of the customer; the older link stops working (product-spec section 7). Three an hour per
// address at most.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, type RefusalKey } from '../rpc/outcome.ts'
import { notYours, ownEmails, sendConfirmation } from './customer-emails.ts'
import { writeTransaction } from './write-transaction.ts'

export const handler: Handler<'emailConfirmRequest'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const refuse = (reason: RefusalKey) => validationFailure([refusal('emailId', reason)])
  return writeTransaction(context.db, async (tx) => {
    const email = (await ownEmails(tx, customerId)).find((row) => row.id === input.emailId)
    if (!email) return refuse(notYours)
    if (email.confirmedAt) return refuse('refusal.common.alreadyConfirmed')
    return (await sendConfirmation(tx, email)) ?? rpcOk()
  })
}
