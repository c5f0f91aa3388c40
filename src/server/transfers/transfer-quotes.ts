// What a transfer costs before it is made: accounts checked to be the acting customer's own,
// amounts parsed at their currency's scale, conversions and fees. Shared by the fee, max
// amount and submit calls so that a quote and a submit always agree.
import type { Db } from '../db/open-database.ts'
import { accountOfCustomer } from '../ledger/accounts.ts'
import type { FieldError } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { toMinor } from '../../shared/money.ts'
import type { AccountRow } from '../accounts/account-view.ts'
import { convertDown, convertUp, customerRate, rateText } from '../accounts/exchange-rates.ts'
import { feeMinorOf, type OrderKind } from './transfer-rules.ts'

export async function ownAccount(
  db: Db,
  customerId: number,
  accountId: number,
): Promise<AccountRow | undefined> {
  return accountOfCustomer(db, customerId, accountId)
}

/** An amount at the currency's scale, or why it cannot be one. */
export function amountAt(
  amount: string,
  currencyCode: string,
  parameter: string,
): bigint | FieldError {
  try {
    const minor = toMinor(amount, scaleOf(currencyCode))
    if (minor <= 0n) return { parameter, text: { key: 'refusal.transfers.amountPositive' } }
    return minor
  } catch {
    return {
      parameter,
      text: { key: 'refusal.transfers.tooManyDecimals', params: { currency: currencyCode } },
    }
  }
}

export interface Quote {
  amountMinor: bigint
  toAmountMinor: bigint
  feeMinor: bigint
  rate: string
}

/**
 * The quote of moving `amount` in `currency` from one account to another. The amount is in
 * the source currency (what leaves) or in the target currency (what arrives); the other side
 * is converted at the customer's rate, rounded in the bank's favour.
 */
export function quoteOf(
  kind: OrderKind,
  from: AccountRow,
  toCurrencyCode: string,
  amount: string,
  currency: string,
  fields: { amount: string; currency: string },
  rateFor: (fromCode: string, toCode: string) => bigint | undefined = customerRate,
): Quote | FieldError {
  if (currency !== from.currencyCode && currency !== toCurrencyCode) {
    return {
      parameter: fields.currency,
      text: { key: 'refusal.transfers.currencyOfEitherAccount' },
    }
  }
  const minor = amountAt(amount, currency, fields.amount)
  if (typeof minor !== 'bigint') return minor
  const rate = rateFor(from.currencyCode, toCurrencyCode)
  if (rate === undefined) {
    return { parameter: fields.currency, text: { key: 'refusal.common.notConvertedCurrency' } }
  }
  const fromScale = scaleOf(from.currencyCode)
  const toScale = scaleOf(toCurrencyCode)
  const amountMinor =
    currency === from.currencyCode ? minor : convertUp(minor, rate, fromScale, toScale)
  const toAmountMinor =
    currency === from.currencyCode ? convertDown(minor, rate, fromScale, toScale) : minor
  if (toAmountMinor <= 0n) {
    return { parameter: fields.amount, text: { key: 'refusal.transfers.tooSmallToConvert' } }
  }
  return {
    amountMinor,
    toAmountMinor,
    feeMinor: feeMinorOf(kind, amountMinor, fromScale),
    rate: rateText(rate),
  }
}

export function isFieldError(value: unknown): value is FieldError {
  return typeof value === 'object' && value !== null && 'parameter' in value
}
