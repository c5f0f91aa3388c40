// cardPinGet: the PIN after the approval cardPinShow started, for that card only (product-spec
// sections 4 and 7; not for fraud). Without an approved reveal of this card nothing is shown:
// a wrong code counts, and the fifth ends the reveal.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { deriveCardFlags } from '../../shared/card-flags.ts'
import { openPin } from './card-records.ts'
import { flagInputOf } from './card-view.ts'
import { refuseCard, ruleText, withCard } from './card-rules.ts'
import { redeemPinReveal, revealRefusalKey } from './pin-reveal.ts'

export const handler: Handler<'cardPinGet'> = async (context, input) =>
  withCard<'cardPinGet'>(context, input.accountId, async ({ tx, acting, card, record }) => {
    if (card.statusId === AccountStatus.Fraud) return refuseCard(ruleText.pinFraud)
    if (!deriveCardFlags(flagInputOf(card, record)).canShowPin) {
      return refuseCard(ruleText.pinStatus)
    }
    if (input.operationId === undefined || input.approvalCode === undefined) {
      return validationFailure([
        refusal(
          input.operationId === undefined ? 'operationId' : 'approvalCode',
          'refusal.cards.pinNeedsApproval',
        ),
      ])
    }
    const check = await redeemPinReveal(
      tx,
      { customerId: acting.customerId, userId: acting.userId, accountId: card.id },
      input.operationId,
      input.approvalCode,
    )
    if (!check.ok) {
      const parameter = check.reason === 'unknown' ? 'operationId' : 'approvalCode'
      return validationFailure([refusal(parameter, revealRefusalKey[check.reason])])
    }
    return rpcOk({ pinCode: await openPin(tx, record) })
  })
