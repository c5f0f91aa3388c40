// crossPlatformRequirementsGet: what the customer still has to provide before an account's card
// can be used (product-spec section 7). Ours (docs/decisions.md, Cards): a verified identity
// and a confirmed phone (the card's codes go there).
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { accountOfCustomer } from '../ledger/accounts.ts'
import { confirmedPhoneOf } from '../security/outbox.ts'
import { customerOf } from './card-quotes.ts'

export const handler: Handler<'crossPlatformRequirementsGet'> = async (context, input) => {
  const acting = await actingUser(context)
  const account = await accountOfCustomer(context.db, acting.customerId, input.accountId)
  if (!account) {
    return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  }
  const customer = await customerOf(context.db, acting.customerId)
  const requirements: string[] = []
  if (!customer.verified) requirements.push('identityVerification')
  if (!(await confirmedPhoneOf(context.db, acting.customerId))) requirements.push('confirmedPhone')
  return rpcOk({ hasRequirements: requirements.length > 0, requirements })
}
