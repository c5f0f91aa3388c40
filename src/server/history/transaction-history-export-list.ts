// transactionHistoryExportList: the statements of one of the acting customer's accounts,
// newest first, 12 a page from page 1 (product-spec section 9).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, refusal, validationFailure } from '../rpc/outcome.ts'
import { accountOfCustomer } from '../ledger/accounts.ts'
import { monthEnd, statementsOfAccount } from './statements.ts'

export const handler: Handler<'transactionHistoryExportList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const account = await accountOfCustomer(context.db, customerId, input.accountId)
  if (!account || account.purpose !== 'customer') {
    return validationFailure([refusal('accountId', 'refusal.statements.notYourAccount')])
  }
  const { statements, total } = await statementsOfAccount(context.db, customerId, account.id, {
    pageNumber: input.pageNumber ?? 1,
    pageSize: input.pageSize ?? 12,
  })
  return rpcOk({
    exports: statements.map((statement) => ({
      exportId: statement.exportId,
      accountId: statement.payload.accountId,
      source: 'monthly' as const,
      dateFrom: statement.payload.dateFrom,
      dateTo: monthEnd(statement.payload.dateFrom),
      status: statement.status,
      createdAt: statement.createdAt.toISOString(),
    })),
    total,
  })
}
