// Products, fees and the accounts a card's money comes from (issue 17), as the cards
// handlers share them.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { accountOfCustomer, type LedgerAccount } from '../ledger/accounts.ts'
import { cardIssuer } from '../adapters/card-issuer/card-issuers.ts'
import type { CardFees, CardProduct } from '../adapters/card-issuer/card-issuer-adapter.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { AccountStatus, AccountType } from '../../generated/constants.ts'
import type { components } from '../../generated/api.d.ts'
import type { FieldError } from '../rpc/outcome.ts'
import { refusal } from '../rpc/outcome.ts'

type CardApplicationFees = components['schemas']['CardApplicationFees']
type Fee = components['schemas']['Fee']

export function productOf(type: number): CardProduct | undefined {
  return cardIssuer()
    .products()
    .find((product) => product.type === type)
}

export function productOfCard(card: LedgerAccount): CardProduct {
  return (
    productOf(card.type) ?? {
      type: card.type,
      subType: card.subType === 'DEBIT' ? 'DEBIT' : 'PREPAID',
      currencyCode: card.currencyCode,
      cardIsVirtual: card.cardIsVirtual === true,
    }
  )
}

/** Section 3: a failed lookup yields zero fees, an empty shipping list and an empty currency. */
export function feesJson(fees: CardFees | undefined, currencyCode: string): CardApplicationFees {
  if (!fees) return { annual: '0', issue: '0', monthly: '0', currency: '', shipping: [] }
  const scale = scaleOf(currencyCode)
  return {
    annual: fromMinor(fees.annualMinor, scale),
    issue: fromMinor(fees.issueMinor, scale),
    monthly: fromMinor(fees.monthlyMinor, scale),
    currency: currencyCode,
    shipping: fees.shipping.map((option) => ({
      id: option.id,
      type: option.type,
      fee: fromMinor(option.feeMinor, scale),
      deliveryTime: option.deliveryTime,
      disabledReasons: option.disabledReasons,
    })),
  }
}

export function feeJson(amountMinor: bigint, currencyCode: string): Fee {
  return { fee: fromMinor(amountMinor, scaleOf(currencyCode)), feeCurrencyCode: currencyCode }
}

export async function customerOf(db: Db, customerId: number) {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) throw new Error(`assertion: customer ${customerId} exists`)
  return customer
}

/** The fees of the product for the customer's country (or the one asked for). */
export async function feesFor(
  db: Db,
  customerId: number,
  product: CardProduct,
  countryCode?: string,
): Promise<CardFees | undefined> {
  const country =
    countryCode ?? (await customerOf(db, customerId)).residenceCountryCode ?? undefined
  return cardIssuer().fees(product, country)
}

/**
 * An active payment account of the customer in the currency, or the field error that says
 * why the one named is not.
 */
export async function paymentAccountFor(
  db: Db,
  customerId: number,
  accountId: number,
  currencyCode: string,
  field: string,
): Promise<LedgerAccount | FieldError> {
  const account = await accountOfCustomer(db, customerId, accountId)
  if (!account || account.type !== AccountType.Payment) {
    return refusal(field, 'refusal.common.notYourPaymentAccount')
  }
  if (account.currencyCode !== currencyCode) {
    return refusal(field, 'refusal.cards.notInCardCurrency', { currency: currencyCode })
  }
  if (account.statusId !== AccountStatus.Active) {
    return refusal(field, 'refusal.common.notActive')
  }
  return account
}

export function isFieldError(value: LedgerAccount | FieldError): value is FieldError {
  return 'parameter' in value
}
