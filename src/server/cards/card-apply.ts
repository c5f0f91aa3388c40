// cardApply: a new card of a product in status 0 (submitted), waiting for its confirmation
// (product-spec sections 3 and 7, add-card). Nothing is charged yet: the answer quotes the
// issue fee plus the shipping fee that cardApplicationConfirm takes from the fee account. The
// card's number, expiry and PIN come from the issuer at once and are sealed; a retry with the
// same idempotencyKey answers the same card.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { type FieldError, refusal, rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { cardRecords } from '../db/schema-cards.ts'
import { cardAccountById } from '../ledger/card-accounts.ts'
import { actingUser } from '../transfers/acting-user.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import type { CardFees, CardProduct } from '../adapters/card-issuer/card-issuer-adapter.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { openCard } from './card-issue.ts'
import { normalizedAlias } from './card-rules.ts'
import { cardOf } from './card-view.ts'
import {
  feeJson,
  feesFor,
  feesJson,
  isFieldError,
  paymentAccountFor,
  productOf,
} from './card-quotes.ts'

type Input = Parameters<Handler<'cardApply'>>[1]

function shippingError(input: Input, product: CardProduct, fees: CardFees): FieldError | undefined {
  if (product.cardIsVirtual) {
    return input.shippingId === undefined
      ? undefined
      : refusal('shippingId', 'refusal.cards.virtualNotShipped')
  }
  if (input.shippingId === undefined) {
    return refusal('shippingId', 'refusal.cards.shippingRequired')
  }
  const option = fees.shipping.find((o) => o.id === input.shippingId)
  if (!option) return refusal('shippingId', 'refusal.cards.notShippingOption')
  if (option.disabledReasons.length > 0) {
    return refusal('shippingId', 'refusal.cards.shippingUnavailable')
  }
  return undefined
}

async function inputErrors(db: Db, customerId: number, input: Input, product: CardProduct) {
  const errors: FieldError[] = []
  if (input.cardIsVirtual !== product.cardIsVirtual) {
    const reason = product.cardIsVirtual
      ? 'refusal.cards.notVirtualProduct'
      : 'refusal.cards.notPhysicalProduct'
    errors.push(refusal('cardIsVirtual', reason))
  }
  for (const field of ['settlementAccountId', 'feeAccountId'] as const) {
    const found = await paymentAccountFor(db, customerId, input[field], product.currencyCode, field)
    if (isFieldError(found)) errors.push(found)
  }
  return errors
}

async function answerFor(
  db: Db,
  accountId: number,
  product: CardProduct,
  fees: CardFees | undefined,
  feeMinor: bigint,
) {
  const card = await cardAccountById(db, accountId)
  if (!card) throw new Error(`assertion: card ${accountId} exists`)
  return rpcOk<'cardApply'>({
    cardId: card.id,
    card: await cardOf(db, card),
    fees: feesJson(fees, product.currencyCode),
    fee: feeJson(feeMinor, product.currencyCode),
  })
}

export const handler: Handler<'cardApply'> = async (context, input) => {
  const acting = await actingUser(context)
  const { db } = context
  const product = productOf(input.type)
  if (!product) {
    return validationFailure([refusal('type', 'refusal.cards.notProductOnOffer')])
  }
  const fees = await feesFor(db, acting.customerId, product)
  const replay = async () => {
    const [earlier] = await db
      .select()
      .from(cardRecords)
      .where(
        and(
          eq(cardRecords.customerId, acting.customerId),
          eq(cardRecords.applicationKey, input.idempotencyKey),
        ),
      )
    return earlier && answerFor(db, earlier.accountId, product, fees, earlier.applicationFeeMinor)
  }
  const earlier = await replay()
  if (earlier) return earlier
  if (!fees) return rpcRefuse('TA1', 'answer.cards.notIssuedToCountry')
  const errors = await inputErrors(db, acting.customerId, input, product)
  const shipping = shippingError(input, product, fees)
  if (shipping) errors.push(shipping)
  if (errors.length > 0) return validationFailure(errors)
  const option = fees.shipping.find((o) => o.id === input.shippingId)
  const feeMinor = fees.issueMinor + (option?.feeMinor ?? 0n)
  const opening = inTransaction(db, async (tx) => {
    const accountId = await openCard(tx, {
      customerId: acting.customerId,
      product,
      statusId: AccountStatus.Submitted,
      settlementAccountId: input.settlementAccountId,
      feeAccountId: input.feeAccountId,
      applicationKey: input.idempotencyKey,
      ...(input.cardAliasName ? { cardAliasName: normalizedAlias(input.cardAliasName) } : {}),
      ...(option ? { shippingId: option.id, expressShipping: option.express } : {}),
      applicationFeeMinor: feeMinor,
    })
    return answerFor(tx, accountId, product, fees, feeMinor)
  })
  // Two requests with one key at once: the unique key lets one card in; the other answers it.
  return opening.catch(async (error: unknown) => (await replay()) ?? Promise.reject(error))
}
