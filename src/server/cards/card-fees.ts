// Card money through the ledger (issue 17): fees from a payment account to the bank's fee
// income, loads from a payment account to the card, each one transfer under an idempotency
// key, inside the caller's transaction so the card's change and its money commit together.
// The ledger's refusals become VF answers naming the field at fault.
import type { Db } from '../db/open-database.ts'
import { houseAccount } from '../ledger/house-accounts.ts'
import { postTransferIn, type TransferResult } from '../ledger/post-transfer.ts'
import type { Failure } from '../rpc/outcome.ts'
import { validationFailure } from '../rpc/outcome.ts'
import { Refusal } from '../transfers/transfer-orders.ts'
import { refusal } from '../rpc/outcome.ts'

/**
 * The ledger's words for card money, by the history text key they read as in the reader's
 * language (history-entries.ts); the English sentence is the stored description.
 */
export const cardLedgerWords = {
  cardLoad: 'Card load',
  cardIssueFee: 'Card issue fee',
  cardActivationFee: 'Card activation fee',
  cardReissueFee: 'Card reissue fee',
  cardExpressShippingFee: 'Card express shipping fee',
} as const

export interface CardMoney {
  idempotencyKey: string
  kind: 'card_fee' | 'card_load'
  words: keyof typeof cardLedgerWords
  fromAccountId: number
  toAccountId?: number
  currencyCode: string
  amountMinor: bigint
  /** The request field that names fromAccountId. */
  fromField: string
}

export type MoneyMoved = { outcome: 'created' | 'replayed'; transferId: bigint }

function refusalOf(result: TransferResult, money: CardMoney): Failure | undefined {
  switch (result.outcome) {
    case 'created':
    case 'replayed':
      return undefined
    case 'idempotency-conflict':
      return validationFailure([refusal('idempotencyKey', 'refusal.common.idempotencyReused')])
    case 'insufficient-funds':
      return validationFailure([refusal(money.fromField, 'refusal.common.notEnoughMoney')])
    case 'account-closed':
    case 'account-inactive':
      return validationFailure([
        refusal(
          result.accountId === money.fromAccountId ? money.fromField : 'accountId',
          'refusal.common.notActive',
        ),
      ])
  }
}

/**
 * Moves the money or throws the refusal (a Refusal ends inTransaction with its answer and
 * rolls back what the transaction wrote before it).
 */
export async function moveCardMoney(tx: Db, money: CardMoney): Promise<MoneyMoved> {
  const to = money.toAccountId ?? (await houseAccount(tx, 'fee_income', money.currencyCode))
  const result = await postTransferIn(tx, {
    idempotencyKey: money.idempotencyKey,
    kind: money.kind,
    description: cardLedgerWords[money.words],
    postings: [
      {
        accountId: money.fromAccountId,
        currencyCode: money.currencyCode,
        amountMinor: -money.amountMinor,
      },
      { accountId: to, currencyCode: money.currencyCode, amountMinor: money.amountMinor },
    ],
  })
  const refusal = refusalOf(result, money)
  if (refusal) throw new Refusal(refusal)
  return result as MoneyMoved
}
