// customerLimitsGet: the limits of one type on a source account and how much of each is used
// (product-spec sections 5 and 7). Without the accounts or country the rule needs, success is
// false (the schema already asks for them; an account that is not the customer's is the same).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { ownAccount } from './transfer-quotes.ts'
import { limitUse } from './transfer-rules.ts'

export const handler: Handler<'customerLimitsGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const from =
    input.fromAccountId === undefined
      ? undefined
      : await ownAccount(context.db, customerId, input.fromAccountId)
  const to =
    input.toAccountId === undefined
      ? undefined
      : await ownAccount(context.db, customerId, input.toAccountId)
  const complete = input.type === 'betweenAccounts' ? from && to : from && input.countryCode
  if (!from || !complete) return rpcOk({ limits: { success: false, type: input.type } })
  const scale = scaleOf(from.currencyCode)
  const uses = await limitUse(context.db, input.type, from.id, scale, new Date())
  return rpcOk({
    limits: {
      success: true,
      type: input.type,
      currencyCode: from.currencyCode,
      limits: uses.map((use) => ({
        period: use.period,
        limit: fromMinor(use.limitMinor, scale),
        used: fromMinor(use.usedMinor, scale),
        remaining: fromMinor(use.remainingMinor, scale),
      })),
    },
  })
}
