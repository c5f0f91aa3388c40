// cardPause: pauses an active or expired card, never a fraud one (product-spec section 4).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { changeCardAccount } from '../ledger/card-accounts.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { cardOf } from './card-view.ts'
import { refuseCard, ruleText, withCard } from './card-rules.ts'

export const handler: Handler<'cardPause'> = async (context, input) =>
  withCard<'cardPause'>(context, input.accountId, async ({ tx, card }) => {
    if (card.statusId === AccountStatus.Fraud) return refuseCard(ruleText.pauseFraud)
    if (card.statusId !== AccountStatus.Active && card.statusId !== AccountStatus.Expired) {
      return refuseCard(ruleText.pauseStatus)
    }
    const changed = await changeCardAccount(tx, card.id, { statusId: AccountStatus.Paused })
    return rpcOk({ card: await cardOf(tx, changed) })
  })
