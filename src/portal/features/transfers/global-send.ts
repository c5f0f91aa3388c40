// A global payment sent by e-mail (issue 16; product-spec sections 6 and 7, P2P "p2p global pay
// methods; meta; submit"), the parts without React: the form's fields and their checks, the
// refusals of the server put on the fields they name, the review's facts from the meta's quote,
// the submit's body, and the summary read back from the history by the transaction id.
import type { components } from '../../../generated/api.d.ts'
import { isPositiveAmount } from '../../components/transfer/transfer-display.ts'
import { totalOf, type ReviewFacts } from './transfer-review.tsx'
import { fromMinor, toMinor } from '../../../shared/money.ts'

type Transaction = components['schemas']['Transaction']

/** The form's fields, named as p2pGlobalPaySubmit names them (a refusal names the same). */
export interface GlobalFields {
  accountId: string
  amount: string
  toEmail: string
  beneficiaryName: string
  countryCode: string
  /** Who pays the fee: the sender ('sender') or the recipient, out of the amount ('recipient'). */
  feePayer: 'sender' | 'recipient'
  description: string
}

export const emptyGlobalFields: GlobalFields = {
  accountId: '',
  amount: '',
  toEmail: '',
  beneficiaryName: '',
  countryCode: '',
  feePayer: 'sender',
  description: '',
}

/** The longest name and description the server takes (p2pGlobalPaySubmit). */
export const nameMaxLength = 256
export const descriptionMaxLength = 1000

/** An address the server's `format: email` takes: one '@', a dot in the domain, no spaces. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value)
}

/** Which check a field failed; the page turns it into words of its language. */
export type FieldProblem = 'required' | 'email' | 'amount'

/** The form's checks before anything is asked of the server: field name → problem. */
export function checkGlobalFields(
  fields: GlobalFields,
  hasAccount: boolean,
): Partial<Record<keyof GlobalFields, FieldProblem>> {
  const found: Partial<Record<keyof GlobalFields, FieldProblem>> = {}
  if (!hasAccount) found.accountId = 'required'
  if (!isPositiveAmount(fields.amount)) found.amount = 'amount'
  const email = fields.toEmail.trim()
  if (!email) found.toEmail = 'required'
  else if (!isEmailAddress(email)) found.toEmail = 'email'
  if (!fields.beneficiaryName.trim()) found.beneficiaryName = 'required'
  if (!fields.countryCode) found.countryCode = 'required'
  return found
}

/** The request fields a refusal may name, and the form field each stands on. */
const fieldOfParameter: Record<string, keyof GlobalFields> = {
  accountId: 'accountId',
  amount: 'amount',
  currencyCode: 'amount',
  toEmail: 'toEmail',
  beneficiaryName: 'beneficiaryName',
  countryCode: 'countryCode',
  description: 'description',
  feeIsBen: 'feePayer',
}

/** A validation failure's messages on the fields they name; empty when it names none of them. */
export function refusalsOnFields(answer: {
  errors?: { parameter: string; description: string }[] | undefined
  field?: string | undefined
  responseDescription?: string | undefined
}): Partial<Record<keyof GlobalFields, string>> {
  const named = [
    ...(answer.errors ?? []),
    ...(answer.field && answer.responseDescription
      ? [{ parameter: answer.field, description: answer.responseDescription }]
      : []),
  ]
  const shown: Partial<Record<keyof GlobalFields, string>> = {}
  for (const { parameter, description } of named) {
    const field = fieldOfParameter[parameter.replace(/^body\./, '')]
    if (field) shown[field] ??= description
  }
  return shown
}

/** The meta's answer (p2pGlobalPayMetaGet) the review is made of. */
export interface GlobalQuote {
  estimatedTotal?: string | undefined
  maximumFee?: string | undefined
  currencyCode?: string | undefined
}

/**
 * The review's facts from the quote: the sender pays the amount and, unless the recipient pays
 * it, the fee; the recipient gets the amount, less the fee when they pay it. No quote: the fee
 * is unknown and only the amount is said.
 */
export function globalReviewFacts(parts: {
  amount: string
  currency: string
  feePayer: GlobalFields['feePayer']
  quote: GlobalQuote | undefined
  recipient: string
  arrives: string
}): ReviewFacts {
  const { amount, currency, quote, recipient, arrives } = parts
  const fee = quote?.maximumFee
  if (fee === undefined) return { amount, currency, recipient, arrives }
  const scale = Math.max(2, fee.split('.')[1]?.length ?? 0)
  const theyGet =
    parts.feePayer === 'recipient'
      ? fromMinor(toMinor(amount.trim(), scale) - toMinor(fee, scale), scale)
      : fromMinor(toMinor(amount.trim(), scale), scale)
  return {
    amount: fromMinor(toMinor(amount.trim(), scale), scale),
    currency,
    fee: { fee, feeCurrencyCode: quote?.currencyCode ?? currency },
    total: {
      amount:
        quote?.estimatedTotal ??
        (parts.feePayer === 'recipient' ? amount.trim() : totalOf(amount, fee)),
      currency,
    },
    theyGet: { amount: theyGet, currency },
    recipient,
    arrives,
  }
}

/** The body of p2pGlobalPaySubmit from the checked form. */
export function globalSubmitBody(
  fields: GlobalFields,
  source: { accountId: number; currencyCode: string },
  idempotencyKey: string,
) {
  const description = fields.description.trim()
  return {
    accountId: source.accountId,
    amount: fields.amount.trim(),
    currencyCode: source.currencyCode,
    toEmail: fields.toEmail.trim(),
    beneficiaryName: fields.beneficiaryName.trim(),
    countryCode: fields.countryCode,
    feeIsBen: fields.feePayer === 'recipient',
    ...(description && { description }),
    idempotencyKey,
  }
}

/** What the summary page shows of a sent global payment, as the history has it. */
export interface GlobalSummary {
  transactionId: number
  date: string
  /** What was sent, positive, in `currencyCode`. */
  amount: string
  currencyCode: string
  /** The fee charged to the sender, positive; undefined when none was. */
  fee: string | undefined
  email: string
  name: string | undefined
  status: Transaction['status']
}

const positive = (amount: string) => amount.replace(/^-/, '')

/**
 * The payment's lines in the history (its own and its fee's, by its transaction id) as the
 * summary shows them; undefined when the history has no global payment of that id.
 */
export function globalSummaryOf(
  transactions: readonly Transaction[],
  transactionId: number,
): GlobalSummary | undefined {
  const lines = transactions.filter((row) => row.transactionId === transactionId)
  const payment = lines.find((row) => row.transactionType === 'globalPayment')
  if (!payment?.counterpartyEmail) return undefined
  const feeLine = lines.find((row) => row.transactionType === 'fees')
  const fee = feeLine ? positive(feeLine.amount) : undefined
  return {
    transactionId,
    date: payment.date,
    amount: positive(payment.amount),
    currencyCode: payment.currencyCode,
    fee: fee && Number(fee) !== 0 ? fee : undefined,
    email: payment.counterpartyEmail,
    name: payment.counterpartyName,
    status: payment.status,
  }
}

/** The transaction id in the summary's address (?transactionId=), or undefined. */
export function transactionIdOf(search: string): number | undefined {
  const value = new URLSearchParams(search).get('transactionId') ?? ''
  return /^[1-9][0-9]{0,9}$/.test(value) && Number(value) <= 2_147_483_647
    ? Number(value)
    : undefined
}

/** The summary's address of a payment. */
export const globalSummaryPath = (transactionId: number) =>
  `/transfer/external/global-summary?transactionId=${transactionId}`

/** The send page's address. */
export const globalSendPath = '/transfer/external/global'
