// debitCardAuthorizationList: the card purchases held on a settlement account and on the debit
// cards settled against it, newest first, 10 a page (product-spec sections 6, 7 and 9). Only a
// settlement account has this history (section 6): a payment account with a debit card.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { accountOfCustomer } from '../ledger/accounts.ts'
import { cardsSettledAgainst } from '../ledger/card-accounts.ts'
import { cardAuthorizationKinds, heldDebits } from '../ledger/holds.ts'
import { cardRecordsOf } from '../cards/card-records.ts'
import { AccountType } from '../../generated/constants.ts'
import { authorizationJson } from './authorizations.ts'

export const handler: Handler<'debitCardAuthorizationList'> = async (context, input) => {
  const acting = await actingUser(context)
  const account = await accountOfCustomer(context.db, acting.customerId, input.accountId)
  if (!account) {
    return validationFailure([refusal('accountId', 'refusal.common.notYourAccount')])
  }
  const debitCards = (await cardsSettledAgainst(context.db, account.id)).filter(
    (card) => card.subType === 'DEBIT' && card.customerId === acting.customerId,
  )
  if (account.type !== AccountType.Payment || debitCards.length === 0) {
    return validationFailure([refusal('accountId', 'refusal.cards.notDebitSettlement')])
  }
  const records = await cardRecordsOf(
    context.db,
    debitCards.map((card) => card.id),
  )
  const { rows, total } = await heldDebits(
    context.db,
    [account.id, ...debitCards.map((card) => card.id)],
    {
      kinds: cardAuthorizationKinds,
      pageNumber: input.pageNumber ?? 1,
      pageSize: input.pageSize ?? 10,
    },
  )
  // A hold on the settlement account names its first debit card.
  const masked = (accountId: number) =>
    records.get(accountId === account.id ? debitCards[0]!.id : accountId)?.maskedNumber
  return rpcOk({
    authorizations: rows.map((row) => authorizationJson(row, masked(row.accountId))),
    total,
  })
}
