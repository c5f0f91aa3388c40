// addressReplacementCompatibilityCheck: which cards replacing an address by one in another
// country would cancel or still ship to the old address (product-spec section 7). Ours
// (docs/decisions.md, Cards): when the issuer does not serve the new country, every physical
// card that has not ended is canceled; when it does, a card (or replacement) still on its way
// ships to the old address. Virtual cards are not tied to an address.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { customerAddresses } from '../db/schema.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { cardAccountsOf } from '../ledger/card-accounts.ts'
import { cardIssuer } from '../adapters/card-issuer/card-issuers.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { cardsJson } from './card-view.ts'
import { productOfCard } from './card-quotes.ts'

const S = AccountStatus
const onItsWay = new Set<number>([S.Processing, S.Printing, S.Printed, S.PendingDocument])
const ended = new Set<number>([S.Canceled, S.Closed])

export const handler: Handler<'addressReplacementCompatibilityCheck'> = async (context, input) => {
  const acting = await actingUser(context)
  const [address] = await context.db
    .select({ id: customerAddresses.id })
    .from(customerAddresses)
    .where(
      and(
        eq(customerAddresses.id, input.oldAddressId),
        eq(customerAddresses.customerId, acting.customerId),
      ),
    )
  if (!address) {
    return validationFailure([refusal('oldAddressId', 'refusal.common.notYourAddressShort')])
  }
  const physical = (await cardAccountsOf(context.db, acting.customerId)).filter(
    (card) => card.cardIsVirtual !== true && !ended.has(card.statusId),
  )
  const served = (card: (typeof physical)[number]) =>
    cardIssuer().fees(productOfCard(card), input.countryCode) !== undefined
  const toCancel = physical.filter((card) => !served(card))
  const toOldAddress = physical.filter(
    (card) =>
      served(card) &&
      (onItsWay.has(card.statusId) ||
        (card.cardReissuedStatusId !== null && onItsWay.has(card.cardReissuedStatusId))),
  )
  return rpcOk({
    cardsToCancel: await cardsJson(context.db, toCancel),
    cardsToShipToOldAddress: await cardsJson(context.db, toOldAddress),
  })
}
