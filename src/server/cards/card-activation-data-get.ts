// cardActivationDataGet: what activating a card costs and which extra fields it needs (product-
// spec section 7: fees, extraParams, feeCurrency). The activation fee is the fees' `issue`;
// the one extra field is the last four digits printed on the card, which proves the customer
// holds it (docs/decisions.md, Cards).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { cardAccountOfCustomer } from '../ledger/card-accounts.ts'
import { refuseCard, notYourCard } from './card-rules.ts'
import { feesFor, feesJson, productOfCard } from './card-quotes.ts'

export const lastFourDigits = 'lastFourDigits'

export const handler: Handler<'cardActivationDataGet'> = async (context, input) => {
  const acting = await actingUser(context)
  const card = await cardAccountOfCustomer(context.db, acting.customerId, input.accountId)
  if (!card) return refuseCard(notYourCard)
  const fees = await feesFor(context.db, acting.customerId, productOfCard(card))
  const quoted = feesJson(
    fees && { ...fees, issueMinor: fees.activationMinor, shipping: [] },
    card.currencyCode,
  )
  const needsDigits = card.cardIsVirtual !== true
  return rpcOk({
    fees: quoted,
    extraParams: needsDigits
      ? [
          {
            name: lastFourDigits,
            label: 'The last four digits of the card number',
            type: 'text',
            required: true,
            minLength: 4,
            maxLength: 4,
            pattern: '^[0-9]{4}$',
          },
        ]
      : [],
    feeCurrency: card.currencyCode,
  })
}
