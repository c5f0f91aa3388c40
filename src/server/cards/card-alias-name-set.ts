// cardAliasNameSet: the name the customer gives a card, trimmed with repeated whitespace
// collapsed (product-spec section 5); not for a card that ended.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { changeCardAccount } from '../ledger/card-accounts.ts'
import { cardOf } from './card-view.ts'
import { normalizedAlias, withCard } from './card-rules.ts'

export const handler: Handler<'cardAliasNameSet'> = async (context, input) =>
  withCard<'cardAliasNameSet'>(context, input.accountId, async ({ tx, card }) => {
    const cardAliasName = normalizedAlias(input.cardAliasName)
    if (cardAliasName === '') {
      return validationFailure([refusal('cardAliasName', 'refusal.common.empty')])
    }
    const changed = await changeCardAccount(tx, card.id, { cardAliasName })
    return rpcOk({ card: await cardOf(tx, changed) })
  })
