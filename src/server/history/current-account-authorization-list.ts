// currentAccountAuthorizationList: every hold on a payment account waiting for settlement
// (card purchases, payouts on their way), newest first, 10 a page (product-spec sections 7
// and 9).
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { accountOfCustomer } from '../ledger/accounts.ts'
import { heldDebits } from '../ledger/holds.ts'
import { AccountType } from '../../generated/constants.ts'
import { authorizationJson } from './authorizations.ts'

export const handler: Handler<'currentAccountAuthorizationList'> = async (context, input) => {
  const acting = await actingUser(context)
  const account = await accountOfCustomer(context.db, acting.customerId, input.accountId)
  if (!account || account.type !== AccountType.Payment) {
    return validationFailure([refusal('accountId', 'refusal.common.notYourPaymentAccount')])
  }
  const { rows, total } = await heldDebits(context.db, [account.id], {
    pageNumber: input.pageNumber ?? 1,
    pageSize: input.pageSize ?? 10,
  })
  return rpcOk({ authorizations: rows.map((row) => authorizationJson(row)), total })
}
