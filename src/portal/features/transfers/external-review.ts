// The review of an external transfer (issue 16 item 1): the payee as the request names them and
// where the money goes, and the amounts as the server quotes them when the review opens. The
// amount typed is what the payee gets in the payout currency (crypto: what is spent, in the
// account's currency); the fee answer says what that costs in the account's currency.
import type { ExternalTransferType } from '../../../shared/transfer-types.ts'
import type { Request } from './external-methods.ts'
import type { ReviewFacts } from './transfer-review.tsx'
import { callRpc, type RpcBody } from '../../api/operation-query.ts'
import type { components } from '../../../generated/api.d.ts'
import { ResponseCode, TransferType } from '../../../generated/constants.ts'

/** The destination as a person recognises it: the last digits of a card, the IBAN, the wallet. */
function destinationOf(body: Record<string, unknown>): string {
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '')
  const card = text('cardNumber')
  if (card) return `•••• ${card.slice(-4)}`
  return (
    text('iban') ||
    text('accountNumber') ||
    text('walletAddress') ||
    text('instantKey') ||
    text('email')
  )
}

export function recipientOfRequest(body: Record<string, unknown>): string {
  const name = [body.beneficiaryName, body.cardHolderName].find(
    (value): value is string => typeof value === 'string' && value.trim() !== '',
  )
  const destination = destinationOf(body)
  return [name, destination].filter(Boolean).join(' · ')
}

/** The fee operations' answer: the fee and the quote behind it (ExternalFeeQuote). */
type ExternalQuote = components['schemas']['ExternalFeeQuote']

/** The quote the server gives now for the request, or undefined when it gives none. */
async function quoteNow(fee: Request): Promise<ExternalQuote | undefined> {
  try {
    const { data } = await callRpc(
      fee.path.slice('/rpc/'.length) as 'wireTransferFeeGet',
      fee.body as RpcBody<'wireTransferFeeGet'>,
    )
    const reply = data as (ExternalQuote & { responseCode?: string }) | undefined
    return reply?.responseCode === ResponseCode.Success ? reply : undefined
  } catch {
    return undefined
  }
}

/**
 * What the review of an external transfer shows, from the quote the server gives now: what
 * leaves the account in its currency (the amount at the quote's rate, the fee, the total), what
 * the payee gets, the rate and until when the quote holds; for crypto the coin and network.
 * Without a quote, what the page knows: the amount typed, and the fee as unknown.
 */
export async function externalReviewFacts(parts: {
  type: ExternalTransferType
  submit: Request
  fee: Request | null
  sourceCurrency: string
  amountCurrency: string
  /** When it arrives, by the method (review.arrival.<type>). */
  arrives: string
}): Promise<ReviewFacts> {
  const { type, submit, fee, amountCurrency } = parts
  const amount = String(submit.body.amount ?? '')
  const recipient = recipientOfRequest(submit.body)
  const quote = fee ? await quoteNow(fee) : undefined
  if (!quote?.sourceAmount || !quote.payoutAmount || !quote.totalAmount) {
    const theyGet =
      type === TransferType.CryptoEft ? undefined : { amount, currency: amountCurrency }
    return { amount, currency: amountCurrency, theyGet, recipient, arrives: parts.arrives }
  }
  const source = quote.sourceCurrencyCode ?? parts.sourceCurrency
  const payout = quote.payoutCurrencyCode ?? amountCurrency
  return {
    amount: quote.sourceAmount,
    currency: source,
    fee: { fee: quote.fee, feeCurrencyCode: quote.feeCurrencyCode },
    total: { amount: quote.totalAmount, currency: source },
    theyGet: { amount: quote.payoutAmount, currency: payout },
    ...(payout !== source && quote.rate ? { rate: quote.rate } : {}),
    ...(quote.validUntil ? { validUntil: quote.validUntil } : {}),
    ...(quote.crypto ? { crypto: quote.crypto } : {}),
    recipient,
    arrives: parts.arrives,
  }
}
