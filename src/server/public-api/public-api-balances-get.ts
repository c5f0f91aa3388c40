// publicApiBalancesGet: the merchant public API's balance read, for the owner of the API key
// the call came with (access `apiKey`, api-key-access.ts). The accounts have the shape
// balanceInquiry answers: balances from the ledger's postings, the flags of section 3.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { balancesOf, customerAccounts } from '../ledger/balances.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import {
  deriveAccountFlags,
  isCardProduct,
  type LedgerAccountView,
} from '../../shared/account-flags.ts'
import { fromMinor } from '../../shared/money.ts'
import { publicApiHandler } from './api-key-access.ts'
import type { components } from '../../generated/api.d.ts'

type Account = components['schemas']['Account']

export const handler: Handler<'publicApiBalancesGet'> = publicApiHandler(
  async (context, caller) => {
    const { customerId } = caller
    const rows = await customerAccounts(context.db, customerId)
    const balances = await balancesOf(
      context.db,
      rows.map((row) => row.id),
    )
    const views: LedgerAccountView[] = rows.map((row) => ({
      accountId: row.id,
      type: row.type,
      statusId: row.statusId,
      scale: scaleOf(row.currencyCode),
      balanceMinor: balances.get(row.id)?.balanceMinor ?? 0n,
      pendingMinor: balances.get(row.id)?.pendingMinor ?? 0n,
      balanceMinMinor: row.balanceMinMinor,
      settlementAccountId: row.settlementAccountId,
    }))
    // Cards are not accounts of this answer, as of balanceInquiry (docs/decisions.md, Cards).
    const accounts = rows.flatMap((row, index): Account[] => {
      if (isCardProduct(row.type)) return []
      const view = views[index]!
      const account: Account = {
        accountId: row.id,
        type: row.type,
        // The columns only hold values the spec's enums allow (account-view.ts).
        ...(row.subType ? { subType: row.subType as Account['subType'] } : {}),
        currencyCode: row.currencyCode,
        accountStatusId: row.statusId as Account['accountStatusId'],
        balance: fromMinor(view.balanceMinor, view.scale),
        accountBalanceMin: fromMinor(row.balanceMinMinor, view.scale),
        pendingAmount: fromMinor(view.pendingMinor, view.scale),
        customerId,
        ...(row.settlementAccountId ? { settlementAccountId: row.settlementAccountId } : {}),
        flags: deriveAccountFlags(view, views),
      }
      return [account]
    })
    return reply(200, { accounts })
  },
)
