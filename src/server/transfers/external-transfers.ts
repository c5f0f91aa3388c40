// External transfers (product-spec sections 5-7 and 9): wire, EFT, card (OCT), crypto, instant
// payment and Interac. One submit path for the six handlers and for every row of a mass
// file: the spec's validator, the section 6 permission flag, the source account, the
// destination checks of external-destinations.ts, the quote (converted when the payout
// currency is not the account's), then submitOrder, which applies the withdrawal limits, the
// funds check, the idempotency key and the approval route. An executed order goes to its rail
// with a hold in place (rail-hand-over.ts, rail-outcomes.ts).
import type { Db } from '../db/open-database.ts'
import * as validators from '../../generated/validators.js'
import type { ValidateFunction } from '../../generated/validators.js'
import { rpcOk, validationFailure, type Answer, type Failure, rpcRefuse } from '../rpc/outcome.ts'
import { fieldErrors } from '../rpc/validation-errors.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import type { ActingUser } from './acting-user.ts'
import { flagFor } from '../../shared/permission-flags.ts'
import { destinationOf, type ExternalRequest } from './external-destinations.ts'
import { permissionsOf, saveWithOrder } from './payee-book.ts'
import { payoutRate } from './payout-rates.ts'
import { submitOrder, type TransferOperation } from './transfer-orders.ts'
import { isFieldError, ownAccount, quoteOf } from './transfer-quotes.ts'
import type { ExternalTransferType } from '../../shared/transfer-types.ts'

/** The submit operation of each external kind. */
export const submitOperationOf: Record<ExternalTransferType, string> = {
  wire: 'wireTransferSubmit',
  eft: 'eftTransferSubmit',
  oct: 'octTransferSubmit',
  crypto_eft: 'cryptoTransferSubmit',
  instant_payment: 'instantTransferSubmit',
  interac: 'interacTransferSubmit',
}

const validatorTable = validators as unknown as Record<string, ValidateFunction | undefined>

export interface ExternalSubmitOptions {
  /**
   * The permission flag to require instead of the section 6 own/3d flag of the kind (a mass
   * file needs the mass-send flag of its type).
   */
  permissionFlag?: string
}

/**
 * Submits one external transfer for the acting user. `input` is the request body of the
 * kind's submit operation; it is validated against the spec here, so a mass-file row may be
 * passed as read. Answers what the submit operation answers (TransferResult, VF, ENOA, 13).
 */
export async function submitExternalTransfer(
  db: Db,
  acting: ActingUser,
  kind: ExternalTransferType,
  input: unknown,
  options: ExternalSubmitOptions = {},
): Promise<Answer<TransferOperation> | Failure> {
  const validate = validatorTable[`request_${submitOperationOf[kind]}`]
  if (!validate) throw new Error(`assertion: the validator of ${kind} submits exists`)
  if (!validate(input)) return validationFailure(fieldErrors(validate.errors))
  const request = input as ExternalRequest
  const flags = await permissionsOf(db, acting.customerId)
  const flag = options.permissionFlag ?? flagFor(kind, request.permission)
  if (flags[flag] !== true) {
    return rpcRefuse('ENOA', 'answer.access.permissionOff')
  }
  const from = await ownAccount(db, acting.customerId, request.accountId)
  if (!from)
    return validationFailure([
      { parameter: 'accountId', text: { key: 'refusal.common.notYourAccount' } },
    ])
  const destination = await destinationOf(db, acting.customerId, kind, request, from)
  if (isFieldError(destination)) return validationFailure([destination])
  const quote = quoteOf(
    kind,
    from,
    destination.payoutCurrency,
    request.amount,
    destination.payoutCurrency,
    { amount: 'amount', currency: 'currencyCode' },
    payoutRate,
  )
  if (isFieldError(quote)) return validationFailure([quote])
  return submitOrder(db, {
    kind,
    acting,
    idempotencyKey: request.idempotencyKey,
    request: { ...request },
    fields: { amount: 'amount', from: 'accountId', to: destination.field },
    from,
    ...(destination.toEmail ? { toEmail: destination.toEmail } : {}),
    currencyCode: from.currencyCode,
    toCurrencyCode: destination.payoutCurrency,
    ...quote,
    details: {
      permission: request.permission,
      beneficiaryName: destination.beneficiaryName,
      destination: destination.destination,
      ...(destination.countryCode ? { countryCode: destination.countryCode } : {}),
      ...destination.details,
      ...(request.note ? { note: request.note } : {}),
      ...(request.templateName ? { templateName: request.templateName } : {}),
    },
    onCreated: (tx, order) =>
      saveWithOrder(
        tx,
        order,
        {
          kind,
          permission: request.permission,
          amountMinor: quote.toAmountMinor,
          ...(request.templateName ? { templateName: request.templateName } : {}),
        },
        destination,
      ),
  })
}

type FeeOperation =
  | 'wireTransferFeeGet'
  | 'eftTransferFeeGet'
  | 'octTransferFeeGet'
  | 'cryptoTransferFeeGet'
  | 'instantTransferFeeGet'
  | 'interacTransferFeeGet'

/** How long a fee answer's numbers hold (docs/decisions.md, "Issue 16 leftovers"). */
export const quoteLifeMs = 10 * 60_000

/** The coin and network of a crypto fee request; the network defaults as the submit's does. */
export interface CryptoTarget {
  currencyCode: string
  network: string
}

/**
 * The fee of an external transfer (section 5: asked only once amount and target are set), in
 * the source account's currency, with the quote behind it: what leaves the account (the
 * amount converted at the rate the submit uses, plus the fee), what the payee gets, the rate
 * and until when it holds. The target is checked as far as the fee call names it.
 */
export async function externalFee(
  db: Db,
  customerId: number,
  kind: ExternalTransferType,
  input: { accountId: number; amount: string; currencyCode?: string },
  payoutCurrency: (accountCurrency: string) => string,
  crypto?: CryptoTarget,
): Promise<Answer<FeeOperation> | Failure> {
  const from = await ownAccount(db, customerId, input.accountId)
  if (!from)
    return validationFailure([
      { parameter: 'accountId', text: { key: 'refusal.common.notYourAccount' } },
    ])
  const currency = payoutCurrency(from.currencyCode)
  const quote = quoteOf(
    kind,
    from,
    currency,
    input.amount,
    currency,
    { amount: 'amount', currency: 'currencyCode' },
    payoutRate,
  )
  if (isFieldError(quote)) return validationFailure([quote])
  const scale = scaleOf(from.currencyCode)
  return rpcOk({
    fee: fromMinor(quote.feeMinor, scale),
    feeCurrencyCode: from.currencyCode,
    sourceAmount: fromMinor(quote.amountMinor, scale),
    sourceCurrencyCode: from.currencyCode,
    totalAmount: fromMinor(quote.amountMinor + quote.feeMinor, scale),
    payoutAmount: fromMinor(quote.toAmountMinor, scaleOf(currency)),
    payoutCurrencyCode: currency,
    rate: quote.rate,
    validUntil: new Date(Date.now() + quoteLifeMs).toISOString(),
    ...(crypto ? { crypto: { ...crypto, networkFeeIncluded: true } } : {}),
  })
}
