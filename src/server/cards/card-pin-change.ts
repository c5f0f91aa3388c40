// cardPinChange: a new PIN for a card (product-spec sections 4 and 7): not for a fraud card,
// only for an activated physical card; pin and pinRepeat equal. The PIN is sealed, bound to
// the card, and never logged.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, rpcSay, validationFailure } from '../rpc/outcome.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { deriveCardFlags } from '../../shared/card-flags.ts'
import { changeCardRecord, sealPin } from './card-records.ts'
import { flagInputOf } from './card-view.ts'
import { refuseCard, ruleText, withCard } from './card-rules.ts'

export const handler: Handler<'cardPinChange'> = async (context, input) =>
  withCard<'cardPinChange'>(context, input.accountId, async ({ tx, card, record }) => {
    if (card.statusId === AccountStatus.Fraud) return refuseCard(ruleText.pinFraud)
    if (!deriveCardFlags(flagInputOf(card, record)).canChangePin) {
      return refuseCard(ruleText.pinStatus)
    }
    if (input.pin !== input.pinRepeat) {
      return validationFailure([refusal('pinRepeat', 'refusal.cards.pinRepeat')])
    }
    await changeCardRecord(tx, card.id, { pinSealed: await sealPin(tx, card.id, input.pin) })
    return rpcOk({ ...rpcSay('answer.common.successfully') })
  })
