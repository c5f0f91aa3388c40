// maxAmountGet: the most a source account can send now by an operation (product-spec sections
// 3, 5 and 7): the available balance (holds and the account minimum taken off, the fee
// included) or the tightest limit, whichever is lower; type names which one binds.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { balancesOf } from '../ledger/balances.ts'
import { ownAccount } from './transfer-quotes.ts'
import { feeMinorOf, limitUse, type LimitType } from './transfer-rules.ts'

export const handler: Handler<'maxAmountGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const from = await ownAccount(context.db, customerId, input.fromAccountId!)
  if (!from)
    return validationFailure([{ parameter: 'fromAccountId', description: 'is not your account' }])
  if (input.operation === 'betweenAccounts') {
    const to = await ownAccount(context.db, customerId, input.toAccountId!)
    if (!to || to.id === from.id) {
      return validationFailure([
        { parameter: 'toAccountId', description: 'is not another account of yours' },
      ])
    }
  }
  const scale = scaleOf(from.currencyCode)
  const balance = (await balancesOf(context.db, [from.id])).get(from.id)!
  const available = balance.balanceMinor + balance.pendingDebitMinor - from.balanceMinMinor
  const byBalance = input.operation === 'p2p' ? largestWithFee(available, scale) : available
  const type: LimitType =
    input.operation === 'betweenAccounts' || input.operation === 'p2p'
      ? input.operation
      : 'withdrawals'
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

/** The largest P2P amount whose amount plus fee fits in the available balance. */
function largestWithFee(availableMinor: bigint, scale: number): bigint {
  let amount = availableMinor - feeMinorOf('p2p', availableMinor, scale)
  while (amount > 0n && amount + feeMinorOf('p2p', amount, scale) > availableMinor) amount -= 1n
  return amount
}
