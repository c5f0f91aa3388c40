// The one way money moves: a transfer whose postings sum to zero per currency, written in
// one database transaction under an idempotency key (DESIGN.md section 6).
import { createHash } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../db/schema.ts'

export interface PostingInput {
  accountId: number
  currencyCode: string
  amountMinor: bigint
}

export interface TransferInput {
  idempotencyKey: string
  kind: string
  description?: string
  /** 'pending' places a hold that a later call posts or voids. */
  status?: 'posted' | 'pending'
  postings: PostingInput[]
}

export type TransferResult =
  { outcome: 'created' | 'replayed'; transferId: bigint } | { outcome: 'idempotency-conflict' }

export class LedgerInvariantError extends Error {}

function assertBalanced(postings: PostingInput[]): void {
  if (postings.length < 2) throw new LedgerInvariantError('a transfer needs at least two postings')
  const sums = new Map<string, bigint>()
  for (const posting of postings) {
    if (posting.amountMinor === 0n) throw new LedgerInvariantError('a posting of zero')
    sums.set(posting.currencyCode, (sums.get(posting.currencyCode) ?? 0n) + posting.amountMinor)
  }
  for (const [code, sum] of sums) {
    if (sum !== 0n) throw new LedgerInvariantError(`postings in ${code} sum to ${sum}, not 0`)
  }
}

function requestHash(input: TransferInput): string {
  const canonical = JSON.stringify({
    kind: input.kind,
    status: input.status ?? 'posted',
    postings: input.postings.map((p) => [p.accountId, p.currencyCode, p.amountMinor.toString()]),
  })
  return createHash('sha256').update(canonical).digest('hex')
}

export async function postTransfer(db: Db, input: TransferInput): Promise<TransferResult> {
  assertBalanced(input.postings)
  const hash = requestHash(input)
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(ledgerTransfers)
      .values({
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        kind: input.kind,
        status: input.status ?? 'posted',
        description: input.description ?? '',
      })
      .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
      .returning({ id: ledgerTransfers.id })
    const created = inserted[0]
    if (!created) {
      const [first] = await tx
        .select({ id: ledgerTransfers.id, requestHash: ledgerTransfers.requestHash })
        .from(ledgerTransfers)
        .where(eq(ledgerTransfers.idempotencyKey, input.idempotencyKey))
      if (!first) throw new LedgerInvariantError('a conflicting idempotency key vanished')
      return first.requestHash === hash
        ? { outcome: 'replayed' as const, transferId: first.id }
        : { outcome: 'idempotency-conflict' as const }
    }
    const accountIds = [...new Set(input.postings.map((p) => p.accountId))]
    const accounts = await tx
      .select({ id: ledgerAccounts.id, currencyCode: ledgerAccounts.currencyCode })
      .from(ledgerAccounts)
      .where(inArray(ledgerAccounts.id, accountIds))
    const currencyById = new Map(accounts.map((a) => [a.id, a.currencyCode]))
    for (const posting of input.postings) {
      if (currencyById.get(posting.accountId) !== posting.currencyCode) {
        throw new LedgerInvariantError(
          `account ${posting.accountId} is not in ${posting.currencyCode}`,
        )
      }
    }
    await tx
      .insert(ledgerPostings)
      .values(input.postings.map((p) => ({ transferId: created.id, ...p })))
    // Checked again after the write: what the database holds must balance too.
    const unbalanced = await tx
      .select({ currencyCode: ledgerPostings.currencyCode })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.transferId, created.id))
      .groupBy(ledgerPostings.currencyCode)
      .having(sql`sum(${ledgerPostings.amountMinor}) <> 0`)
    if (unbalanced.length > 0) throw new LedgerInvariantError('stored postings do not balance')
    return { outcome: 'created' as const, transferId: created.id }
  })
}
