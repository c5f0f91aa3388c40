// cardUnpause: a paused card is active again (product-spec section 4: unpause only when
// paused). An expired card that was paused comes back active; its flags still say expired
// from its expiry date (docs/decisions.md, Cards).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { changeCardAccount } from '../ledger/card-accounts.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { cardOf } from './card-view.ts'
import { refuseCard, ruleText, withCard } from './card-rules.ts'

export const handler: Handler<'cardUnpause'> = async (context, input) =>
  withCard<'cardUnpause'>(context, input.accountId, async ({ tx, card }) => {
    if (card.statusId !== AccountStatus.Paused) return refuseCard(ruleText.unpause)
    const changed = await changeCardAccount(tx, card.id, { statusId: AccountStatus.Active })
    return rpcOk({ card: await cardOf(tx, changed) })
  })
