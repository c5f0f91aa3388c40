// Opening a card: its ledger account of the product type and its issuer record with the
// number and PIN sealed (issue 17). cardApply opens every card this way, and so does the demo.
import type { Db } from '../db/open-database.ts'
import { cardRecords } from '../db/schema-cards.ts'
import { openCardAccount } from '../ledger/card-accounts.ts'
import { cardIssuer } from '../adapters/card-issuer/card-issuers.ts'
import type { CardProduct } from '../adapters/card-issuer/card-issuer-adapter.ts'
import { maskCardNumber, sealNumber, sealPin } from './card-records.ts'

export interface CardOpening {
  customerId: number
  product: CardProduct
  statusId: number
  settlementAccountId: number
  feeAccountId: number
  applicationKey: string
  cardAliasName?: string
  shippingId?: number
  expressShipping?: boolean
  applicationFeeMinor?: bigint
  now?: Date
}

export async function openCard(tx: Db, opening: CardOpening): Promise<number> {
  const { product } = opening
  const issued = cardIssuer().issue(opening.now ?? new Date())
  const accountId = await openCardAccount(tx, {
    customerId: opening.customerId,
    currencyCode: product.currencyCode,
    type: product.type,
    subType: product.subType,
    settlementAccountId: opening.settlementAccountId,
    cardIsVirtual: product.cardIsVirtual,
    statusId: opening.statusId,
    cardExpiryMonth: issued.expiryMonth,
    cardExpiryYear: issued.expiryYear,
    ...(opening.cardAliasName ? { cardAliasName: opening.cardAliasName } : {}),
  })
  await tx.insert(cardRecords).values({
    accountId,
    customerId: opening.customerId,
    issuer: cardIssuer().name,
    maskedNumber: maskCardNumber(issued.cardNumber),
    numberSealed: await sealNumber(tx, accountId, issued.cardNumber),
    pinSealed: await sealPin(tx, accountId, issued.pin),
    shippingId: opening.shippingId ?? null,
    expressShipping: opening.expressShipping ?? false,
    feeAccountId: opening.feeAccountId,
    applicationFeeMinor: opening.applicationFeeMinor ?? 0n,
    applicationKey: opening.applicationKey,
  })
  return accountId
}
