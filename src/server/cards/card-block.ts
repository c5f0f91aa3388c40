// cardBlock: blocks a card for good (status 4, canceled): every action but reading it is gone,
// and the customer is told (cardClosed). Not for an application that was never confirmed.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { changeCardAccount } from '../ledger/card-accounts.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { cardOf } from './card-view.ts'
import { refuseCard, withCard } from './card-rules.ts'
import { noticeCardClosed } from './card-status.ts'

export const handler: Handler<'cardBlock'> = async (context, input) =>
  withCard<'cardBlock'>(context, input.accountId, async ({ tx, card }) => {
    if (card.statusId === AccountStatus.Submitted) {
      return refuseCard('refusal.cards.rule.blockUnconfirmed')
    }
    const changed = await changeCardAccount(tx, card.id, { statusId: AccountStatus.Canceled })
    await noticeCardClosed(tx, changed)
    return rpcOk({ card: await cardOf(tx, changed) })
  })
