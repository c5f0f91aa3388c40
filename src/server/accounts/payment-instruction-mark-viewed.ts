// paymentInstructionMarkViewed: records that this user saw an instruction. Both ids are
// needed (product-spec section 5) and must name an instruction of the acting customer's own
// account; marking twice is the same as once.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { accountOfCustomer } from '../ledger/accounts.ts'
import { paymentInstructionViews } from '../db/schema-transfers.ts'
import { instructionOfAccount } from './payment-instructions.ts'

export const handler: Handler<'paymentInstructionMarkViewed'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const account = await accountOfCustomer(context.db, customerId, input.accountId)
  if (!account) {
    return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  }
  const instruction = await instructionOfAccount(context.db, input.instructionId, account.id)
  if (!instruction) {
    return validationFailure([refusal('instructionId', 'refusal.accounts.notInstructionOfAccount')])
  }
  await context.db
    .insert(paymentInstructionViews)
    .values({ instructionId: instruction.id, userId })
    .onConflictDoNothing()
  return rpcOk()
}
