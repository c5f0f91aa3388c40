// cardPinShow: asks to reveal a card's PIN (product-spec sections 4 and 7; not for fraud). With
// the customer's approval mode needing no second step (approval type 0) the PIN is in the
// answer; otherwise a code goes out (pin-reveal.ts) and the answer names the approval that
// cardPinGet needs, bound to this card.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { approveTypeOfCustomer } from '../transfers/acting-user.ts'
import { AccountStatus, ApprovalType } from '../../generated/constants.ts'
import { deriveCardFlags } from '../../shared/card-flags.ts'
import { openPin } from './card-records.ts'
import { flagInputOf } from './card-view.ts'
import { refuseCard, ruleText, withCard } from './card-rules.ts'
import { startPinReveal } from './pin-reveal.ts'

export const handler: Handler<'cardPinShow'> = async (context, input) =>
  withCard<'cardPinShow'>(context, input.accountId, async ({ tx, acting, card, record }) => {
    if (card.statusId === AccountStatus.Fraud) return refuseCard(ruleText.pinFraud)
    if (!deriveCardFlags(flagInputOf(card, record)).canShowPin) {
      return refuseCard(ruleText.pinStatus)
    }
    const approveType = await approveTypeOfCustomer(tx, acting.customerId)
    if (approveType === ApprovalType.None) {
      return rpcOk({ approveType, pinCode: await openPin(tx, record) })
    }
    const started = await startPinReveal(tx, {
      customerId: acting.customerId,
      userId: acting.userId,
      accountId: card.id,
      approveType,
      cardName: record.maskedNumber,
    })
    return rpcOk({
      approveType,
      operationId: started.operationId,
      ...(started.approvalSentTo ? { approvalSentTo: started.approvalSentTo } : {}),
    })
  })
