// maxAmountGet: the most a source account can send now by an operation (product-spec sections
// 3, 5 and 7): the available balance (holds and the account minimum taken off, the fee of the
// operation included) or the tightest limit, whichever is lower; type names which one binds.
// External operations count against the withdrawal limits; the amount is in the account's
// currency.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { balancesOf } from '../ledger/balances.ts'
import { ownAccount } from './transfer-quotes.ts'
import { feeMinorOf, limitUse, type LimitType, type OrderKind } from './transfer-rules.ts'

export const handler: Handler<'maxAmountGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const from = await ownAccount(context.db, customerId, input.fromAccountId!)
  if (!from) return validationFailure([refusal('fromAccountId', 'refusal.common.notYourAccount')])
  if (input.operation === 'betweenAccounts') {
    const to = await ownAccount(context.db, customerId, input.toAccountId!)
    if (!to || to.id === from.id) {
      return validationFailure([
        refusal('toAccountId', 'refusal.transfers.notAnotherAccountOfYours'),
      ])
    }
  }
  const scale = scaleOf(from.currencyCode)
  const balance = (await balancesOf(context.db, [from.id])).get(from.id)!
  const available = balance.balanceMinor + balance.pendingDebitMinor - from.balanceMinMinor
  const kind: OrderKind = input.operation
  const byBalance = kind === 'betweenAccounts' ? available : largestWithFee(kind, available, scale)
  // Every external operation counts against the withdrawal limits (section 7).
  const type: LimitType = kind === 'betweenAccounts' || kind === 'p2p' ? kind : 'withdrawals'
  const uses = await limitUse(context.db, type, from.id, scale, new Date())
  let amount = byBalance > 0n ? byBalance : 0n
  let bound = 'balance'
  for (const use of uses) {
    if (use.remainingMinor < amount) {
      amount = use.remainingMinor
      bound = use.period === 'transaction' ? 'single' : use.period
    }
  }
  return rpcOk({
    maxAmount: {
      amount: fromMinor(amount, scale),
      type: bound,
      minAmount: fromMinor(1n, scale),
      currencyCode: from.currencyCode,
    },
  })
}

/**
 * The largest amount whose amount plus fee fits in the available balance. Fees are
 * proportional with a floor and a cap, so the answer is found by bisection.
 */
function largestWithFee(kind: OrderKind, availableMinor: bigint, scale: number): bigint {
  const fits = (amount: bigint) => amount + feeMinorOf(kind, amount, scale) <= availableMinor
  let low = 0n
  let high = availableMinor
  while (low < high) {
    const middle = (low + high + 1n) / 2n
    if (fits(middle)) low = middle
    else high = middle - 1n
  }
  return low
}
