// transactionHistoryCsvDownload: the filtered history as CSV, by the signed link
// transactionHistoryList answered (history-csv-link.ts). Public, since the browser opens the
// link without the bearer token. A link altered, made by another server or expired, and one
// whose filter no longer reads (the account is gone, the card closed) are the same 404.
import { sql } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { fileReply, restMessage } from '../rpc/outcome.ts'
import { rowsOf } from '../db/raw-rows.ts'
import type { HistoryRow } from './history-entries.ts'
import { historyCsvKey, readHistoryCsvToken } from './history-csv-link.ts'
import { historyCsv } from './history-csv.ts'
import { entriesOf, filtersOf, historyScope, transactionOf } from './transaction-history-list.ts'

/** The most lines one file holds; a longer history is asked for in shorter periods. */
export const csvLineLimit = 50_000

export const handler: Handler<'transactionHistoryCsvDownload'> = async (context) => {
  const notFound = restMessage(404, 'answer.files.linkExpired')
  const grant = readHistoryCsvToken(
    await historyCsvKey(context.db),
    context.query.token ?? '',
    Date.now(),
  )
  if (!grant) return notFound
  const scope = await historyScope(context, grant.customerId, grant.filter)
  if ('refusal' in scope) return notFound
  const rows =
    scope.accounts.length === 0
      ? []
      : rowsOf<HistoryRow & { created_iso: string }>(
          await context.db.execute(sql`
            select h.*, to_char(h.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_iso
            from ${entriesOf(scope.accounts)}
            where ${filtersOf(grant.filter)}
            order by h.created_at desc, h.transfer_id desc, h.account_id desc, h.part desc
            limit ${csvLineLimit}`),
        )
  const day = new Date().toISOString().slice(0, 10)
  const answer = fileReply<'transactionHistoryCsvDownload'>(
    historyCsv(grant.lang, rows.map(transactionOf)),
    'text/csv; charset=utf-8',
    `history-${day}.csv`,
  )
  // The link is the credential: no page learns it from a Referer.
  return { ...answer, headers: { ...answer.headers, 'referrer-policy': 'no-referrer' } }
}
