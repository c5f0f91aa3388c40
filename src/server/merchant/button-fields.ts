// The checks savedPaymentButtonCreate and savedPaymentButtonUpdate share: the receiving
// account is an active account of the acting merchant, the currency is that account's, the
// price fits the currency's scale and a bigint, and the logo is the merchant's own. Every
// field that fails is named in one VF answer.
import type { Db } from '../db/open-database.ts'
import type { FieldError } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { toMinor } from '../../shared/money.ts'
import { merchantAccount } from './merchant-accounts.ts'
import { merchantLogoSummary } from './merchant-logos.ts'
import { refusal } from '../rpc/outcome.ts'

export interface ButtonInput {
  name: string
  accountId: number
  itemName?: string
  itemNumber?: string
  amount?: string
  currencyCode?: string
  logoId?: number
  returnUrl?: string
  cancelUrl?: string
  notifyUrl?: string
}

/** The columns a saved button stores; optional fields left out are stored as null. */
export interface ButtonValues {
  name: string
  accountId: number
  itemName: string | null
  itemNumber: string | null
  amountMinor: bigint | null
  currencyCode: string
  logoId: number | null
  returnUrl: string | null
  cancelUrl: string | null
  notifyUrl: string | null
}

const maxBigint = 9_223_372_036_854_775_807n

/** The price in minor units, or the reason it cannot be stored. */
function priceOf(amount: string, currencyCode: string): bigint | FieldError {
  const scale = scaleOf(currencyCode)
  let minor: bigint
  try {
    minor = toMinor(amount, scale)
  } catch {
    return refusal('amount', 'refusal.merchant.priceDecimals', {
      decimals: scale,
      currency: currencyCode,
    })
  }
  return minor > maxBigint ? refusal('amount', 'refusal.merchant.tooLarge') : minor
}

export async function buttonValues(
  db: Db,
  customerId: number,
  input: ButtonInput,
): Promise<{ values: ButtonValues } | { errors: FieldError[] }> {
  const errors: FieldError[] = []
  const account = await merchantAccount(db, customerId, input.accountId)
  if (!account) errors.push(refusal('accountId', 'refusal.common.notActiveAccountOfYours'))
  const currencyCode = account?.currencyCode ?? ''
  if (account && input.currencyCode !== undefined && input.currencyCode !== currencyCode) {
    errors.push(
      refusal('currencyCode', 'refusal.merchant.mustBeAccountCurrency', { currency: currencyCode }),
    )
  }
  let amountMinor: bigint | null = null
  if (account && input.amount !== undefined) {
    const price = priceOf(input.amount, currencyCode)
    if (typeof price !== 'bigint') errors.push(price)
    else amountMinor = price
  }
  if (input.logoId !== undefined && !(await merchantLogoSummary(db, customerId, input.logoId))) {
    errors.push(refusal('logoId', 'refusal.merchant.notLogoOfYours'))
  }
  if (errors.length > 0) return { errors }
  return {
    values: {
      name: input.name,
      accountId: input.accountId,
      itemName: input.itemName ?? null,
      itemNumber: input.itemNumber ?? null,
      amountMinor,
      currencyCode,
      logoId: input.logoId ?? null,
      returnUrl: input.returnUrl ?? null,
      cancelUrl: input.cancelUrl ?? null,
      notifyUrl: input.notifyUrl ?? null,
    },
  }
}
