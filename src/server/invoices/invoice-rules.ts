// The rules an invoice is sent by (docs/decisions.md, "Invoices (issue 16)"): the currency is
// one the payee holds an active payment account in (that account receives), the amount is at
// the currency's scale and above zero, a due date is not in the past. Each refusal names its
// field.
import type { Db } from '../db/open-database.ts'
import { refusal, type FieldError } from '../rpc/outcome.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { paymentAccountsIn } from '../ledger/accounts.ts'
import { amountAt } from '../transfers/transfer-quotes.ts'
import { todayOf } from './invoice-records.ts'

/** The payee's active payment account in the currency, oldest first; or why there is none. */
export async function receivingAccount(
  db: Db,
  customerId: number,
  currencyCode: string,
): Promise<number | FieldError> {
  const account = (await paymentAccountsIn(db, [customerId], currencyCode)).find(
    (row) => row.statusId === AccountStatus.Active,
  )
  return account?.id ?? refusal('currency', 'refusal.invoices.noAccountInCurrency')
}

export function dueDateError(
  dueDate: string | undefined,
  now = new Date(),
): FieldError | undefined {
  if (dueDate === undefined) return undefined
  if (!/^\d{4}-\d{2}-\d{2}$/.test(dueDate) || Number.isNaN(Date.parse(`${dueDate}T00:00:00Z`))) {
    return refusal('dueDate', 'refusal.invoices.notADate')
  }
  if (dueDate < todayOf(now)) return refusal('dueDate', 'refusal.invoices.dueInPast')
  return undefined
}

export { amountAt }
