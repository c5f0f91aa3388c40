// emailAdd: adds an e-mail address as a secondary, unconfirmed one and sends it the
// confirmation e-mail, with a link and the code emailConfirm takes (product-spec sections 3
// and 7). Stored lower-cased; an address the customer holds, or another customer's, is VF.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  refusal,
  rpcOk,
  validationFailure,
  type RefusalKey,
  type RefusalParams,
} from '../rpc/outcome.ts'
import { customerEmails } from '../db/schema.ts'
import { emailView } from '../kyc/record-views.ts'
import {
  heldByAnotherCustomer,
  maxEmails,
  normalEmail,
  ownEmails,
  sendConfirmation,
} from './customer-emails.ts'
import { Refusal, writeTransaction } from './write-transaction.ts'

export const handler: Handler<'emailAdd'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const emailAddress = normalEmail(input.emailAddress)
  const refuse = (reason: RefusalKey, params?: RefusalParams) =>
    validationFailure([refusal('emailAddress', reason, params)])
  return writeTransaction(context.db, async (tx) => {
    const emails = await ownEmails(tx, customerId)
    if (emails.some((row) => row.emailAddress === emailAddress))
      return refuse('refusal.customer.alreadyOnFile')
    if (emails.length >= maxEmails) {
      return refuse('refusal.customer.tooManyEmails', { limit: maxEmails })
    }
    if (await heldByAnotherCustomer(tx, customerId, emailAddress)) {
      return refuse('refusal.customer.emailOfAnotherAccount')
    }
    const [email] = await tx
      .insert(customerEmails)
      .values({ customerId, emailAddress, isPrimary: false })
      .onConflictDoNothing()
      .returning()
    if (!email) return refuse('refusal.customer.alreadyOnFile')
    const refused = await sendConfirmation(tx, email)
    if (refused) throw new Refusal(refused)
    return rpcOk({ email: emailView(email) })
  })
}
