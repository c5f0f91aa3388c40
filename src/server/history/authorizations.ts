// The two authorization histories (product-spec section 7, History and export): holds waiting
// for settlement, as HistoryAuthorization rows (schemas/history-authorization.schema.json).
import type { HeldDebit } from '../ledger/holds.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import type { components } from '../../generated/api.d.ts'

type HistoryAuthorization = components['schemas']['HistoryAuthorization']

export function authorizationJson(row: HeldDebit, cardNumberMasked?: string): HistoryAuthorization {
  return {
    id: Number(row.transferId),
    date: row.createdAt.toISOString(),
    accountId: row.accountId,
    amount: fromMinor(-row.amountMinor, scaleOf(row.currencyCode)),
    currencyCode: row.currencyCode,
    ...(row.description ? { merchantName: row.description, description: row.description } : {}),
    status: 'pending',
    ...(cardNumberMasked ? { cardNumberMasked } : {}),
  }
}
