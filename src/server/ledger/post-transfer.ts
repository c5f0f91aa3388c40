// The one way money moves: a transfer whose postings sum to zero per currency, written in
// one database transaction under an idempotency key (DESIGN.md section 6). Customer accounts
// keep a balance row (ledger_balances) updated in the same transaction; a transfer locks the
// rows of the customer accounts it touches, in id order, so concurrent transfers cannot
// overdraw an account and cannot deadlock each other.
import { createHash } from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../db/schema.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { applyBalanceDeltas, lockBalances, type BalanceDelta } from './balance-rows.ts'

export interface PostingInput {
  accountId: number
  currencyCode: string
  amountMinor: bigint
}

export interface TransferInput {
  idempotencyKey: string
  kind: string
  description?: string
  /** 'pending' places a hold that settleHold later posts or voids. */
  status?: 'posted' | 'pending'
  postings: PostingInput[]
}

/** Expected refusals are values (STYLE.md habit 3); nothing is written for any of them. */
export type TransferRefusal =
  | { outcome: 'idempotency-conflict' }
  | { outcome: 'insufficient-funds'; accountId: number }
  | { outcome: 'account-closed'; accountId: number }
  | { outcome: 'account-inactive'; accountId: number }

export type TransferResult =
  { outcome: 'created' | 'replayed'; transferId: bigint } | TransferRefusal

export class LedgerInvariantError extends Error {}

export function assertBalanced(postings: PostingInput[]): void {
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

/** Posts a transfer in a transaction of its own. */
export async function postTransfer(db: Db, input: TransferInput): Promise<TransferResult> {
  assertBalanced(input.postings)
  return db.transaction((tx) => postTransferIn(tx as unknown as Db, input))
}

/**
 * Posts a transfer inside the caller's transaction, so that an order and the money it moves
 * commit together. Refusals are found before anything is written.
 */
export async function postTransferIn(tx: Db, input: TransferInput): Promise<TransferResult> {
  assertBalanced(input.postings)
  const hash = requestHash(input)
  const earlier = await replayOf(tx, input.idempotencyKey, hash)
  if (earlier) return earlier
  const deltas = await checkedDeltas(tx, input)
  if ('outcome' in deltas) return deltas
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
    // Another transaction used the key between our read and our insert and has committed.
    const raced = await replayOf(tx, input.idempotencyKey, hash)
    if (!raced) throw new LedgerInvariantError('a conflicting idempotency key vanished')
    return raced
  }
  await tx
    .insert(ledgerPostings)
    .values(input.postings.map((p) => ({ transferId: created.id, ...p })))
  await applyBalanceDeltas(tx, deltas.list)
  // Checked again after the write: what the database holds must balance too.
  const unbalanced = await tx
    .select({ currencyCode: ledgerPostings.currencyCode })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.transferId, created.id))
    .groupBy(ledgerPostings.currencyCode)
    .having(sql`sum(${ledgerPostings.amountMinor}) <> 0`)
  if (unbalanced.length > 0) throw new LedgerInvariantError('stored postings do not balance')
  return { outcome: 'created', transferId: created.id }
}

async function replayOf(
  tx: Db,
  idempotencyKey: string,
  hash: string,
): Promise<TransferResult | undefined> {
  const [first] = await tx
    .select({ id: ledgerTransfers.id, requestHash: ledgerTransfers.requestHash })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.idempotencyKey, idempotencyKey))
  if (!first) return undefined
  return first.requestHash === hash
    ? { outcome: 'replayed', transferId: first.id }
    : { outcome: 'idempotency-conflict' }
}

/**
 * Locks the balance rows of the customer accounts and checks the status and minimum-balance
 * rules (a closed account takes nothing; only an active one pays out; a debit may not take the
 * available balance, holds included, below the account's minimum).
 */
async function checkedDeltas(
  tx: Db,
  input: TransferInput,
): Promise<{ list: BalanceDelta[] } | TransferRefusal> {
  const pending = input.status === 'pending'
  const accountIds = [...new Set(input.postings.map((p) => p.accountId))]
  const accounts = await tx
    .select({
      id: ledgerAccounts.id,
      currencyCode: ledgerAccounts.currencyCode,
      customerId: ledgerAccounts.customerId,
      statusId: ledgerAccounts.statusId,
      balanceMinMinor: ledgerAccounts.balanceMinMinor,
    })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, accountIds))
  const byId = new Map(accounts.map((a) => [a.id, a]))
  const net = new Map<number, BalanceDelta>()
  for (const posting of input.postings) {
    const account = byId.get(posting.accountId)
    if (account?.currencyCode !== posting.currencyCode) {
      throw new LedgerInvariantError(
        `account ${posting.accountId} is not in ${posting.currencyCode}`,
      )
    }
    if (account.customerId === null) continue
    const delta = net.get(account.id) ?? {
      accountId: account.id,
      postedMinor: 0n,
      pendingDebitMinor: 0n,
      pendingCreditMinor: 0n,
    }
    if (!pending) delta.postedMinor += posting.amountMinor
    else if (posting.amountMinor < 0n) delta.pendingDebitMinor += posting.amountMinor
    else delta.pendingCreditMinor += posting.amountMinor
    net.set(account.id, delta)
  }
  const list = [...net.values()].sort((a, b) => a.accountId - b.accountId)
  const rows = await lockBalances(
    tx,
    list.map((d) => d.accountId),
  )
  for (const delta of list) {
    const account = byId.get(delta.accountId)!
    const row = rows.get(delta.accountId)
    if (!row) throw new LedgerInvariantError(`account ${delta.accountId} has no balance row`)
    if (account.statusId === AccountStatus.Closed) {
      return { outcome: 'account-closed', accountId: account.id }
    }
    const outflow = delta.postedMinor + delta.pendingDebitMinor
    if (outflow >= 0n) continue
    if (account.statusId !== AccountStatus.Active) {
      return { outcome: 'account-inactive', accountId: account.id }
    }
    const available = row.postedMinor + row.pendingDebitMinor
    if (available + outflow < account.balanceMinMinor) {
      return { outcome: 'insufficient-funds', accountId: account.id }
    }
  }
  return { list }
}
