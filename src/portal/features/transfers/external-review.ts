// The review of an external transfer (issue 16 item 1): the payee as the request names them and
// where the money goes, and what the page knows of the amounts. The amount typed is what the
// payee gets in the payout currency (crypto: what is spent, in the account's currency); the
// fee is quoted again when the review opens.
import type { ExternalTransferType } from '../../../shared/transfer-types.ts'
import type { Request } from './external-methods.ts'
import { feeNow, type ReviewFacts } from './transfer-review.tsx'
import type { RpcBody } from '../../api/operation-query.ts'
import { TransferType } from '../../../generated/constants.ts'

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

/** What the review of an external transfer shows, with the fee the server quotes now. */
export async function externalReviewFacts(parts: {
  type: ExternalTransferType
  submit: Request
  fee: Request | null
  sourceCurrency: string
  amountCurrency: string
  /** When it arrives, by the method (review.arrival.<type>). */
  arrives: string
}): Promise<ReviewFacts> {
  const { type, submit, fee, sourceCurrency, amountCurrency } = parts
  const amount = String(submit.body.amount ?? '')
  const quoted = fee
    ? await feeNow(
        fee.path.slice('/rpc/'.length) as 'wireTransferFeeGet',
        fee.body as RpcBody<'wireTransferFeeGet'>,
      )
    : undefined
  // Crypto's amount is what is spent; what the wallet gets depends on the network.
  const theyGet = type === TransferType.CryptoEft ? undefined : { amount, currency: amountCurrency }
  return {
    amount,
    currency: amountCurrency,
    fee: quoted && { ...quoted, feeCurrencyCode: quoted.feeCurrencyCode ?? sourceCurrency },
    theyGet,
    recipient: recipientOfRequest(submit.body),
    arrives: parts.arrives,
  }
}
