// Holds (pending transfers) as the authorization histories read them (product-spec section 7,
// History and export): the money held on the way out of some accounts, newest first, paged.
import { and, count, desc, eq, inArray, lt } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerPostings, ledgerTransfers } from '../db/schema-ledger.ts'

/** The transfer kinds of a card purchase held until it settles. */
export const cardAuthorizationKinds = ['card_authorization', 'demo_card_hold']

export interface HeldDebit {
  transferId: bigint
  accountId: number
  createdAt: Date
  amountMinor: bigint
  currencyCode: string
  kind: string
  description: string
}

export async function heldDebits(
  db: Db,
  accountIds: number[],
  options: { kinds?: string[]; pageNumber: number; pageSize: number },
): Promise<{ rows: HeldDebit[]; total: number }> {
  if (accountIds.length === 0) return { rows: [], total: 0 }
  const where = and(
    inArray(ledgerPostings.accountId, accountIds),
    lt(ledgerPostings.amountMinor, 0n),
    eq(ledgerTransfers.status, 'pending'),
    ...(options.kinds ? [inArray(ledgerTransfers.kind, options.kinds)] : []),
  )
  const rows = await db
    .select({
      transferId: ledgerTransfers.id,
      accountId: ledgerPostings.accountId,
      createdAt: ledgerTransfers.createdAt,
      amountMinor: ledgerPostings.amountMinor,
      currencyCode: ledgerPostings.currencyCode,
      kind: ledgerTransfers.kind,
      description: ledgerTransfers.description,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerPostings.transferId))
    .where(where)
    .orderBy(desc(ledgerTransfers.createdAt), desc(ledgerPostings.id))
    .limit(options.pageSize)
    .offset((options.pageNumber - 1) * options.pageSize)
  const [counted] = await db
    .select({ n: count() })
    .from(ledgerPostings)
    .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerPostings.transferId))
    .where(where)
  return { rows, total: counted?.n ?? 0 }
}
