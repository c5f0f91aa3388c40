// The one way money moves: a transfer whose postings sum to zero per currency, written in
// one database transaction under an idempotency key (DESIGN.md section 6). Customer accounts
// keep a balance row (ledger_balances) updated in the same transaction; a transfer locks the
// rows of the customer accounts it touches, in id order, so concurrent transfers cannot
// overdraw an account and cannot deadlock each other.
//
// A transfer or a batch of them is one call of the database function ledger_post_batch
// (migration 0023): one statement, one round trip, however many transfers there are. Single
// transfers arriving together share one such call and one commit (group commit, the ledger
// budgets of DESIGN.md section 10).
import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { GroupCommit } from './group-commit.ts'

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

/** Transfers that arrive while a batch is written go together in the next (group-commit.ts). */
const groupCommits = new WeakMap<Db, GroupCommit<TransferInput, TransferResult>>()
const maxGroupCommitBatch = 500

/**
 * Posts a transfer in a transaction of its own: alone one statement, under concurrent load in
 * a group commit with the transfers that arrived meanwhile.
 */
export async function postTransfer(db: Db, input: TransferInput): Promise<TransferResult> {
  assertBalanced(input.postings)
  return groupCommitOf(db).submit(input)
}

/**
 * Posts many transfers (mass payments, the bench's batched load); each is refused or posted
 * on its own, in order, seeing the balances the earlier ones left. They join the group commit
 * with everything else in flight, so concurrent batches share transactions instead of queueing
 * on each other's balance rows. A transfer the database finds broken (an account not in its
 * posting's currency) is not written and fails the call with a LedgerInvariantError; the
 * others are posted.
 */
export async function postTransfers(db: Db, inputs: TransferInput[]): Promise<TransferResult[]> {
  for (const input of inputs) assertBalanced(input.postings)
  const group = groupCommitOf(db)
  return Promise.all(inputs.map((input) => group.submit(input)))
}

function groupCommitOf(db: Db): GroupCommit<TransferInput, TransferResult> {
  let group = groupCommits.get(db)
  if (!group) {
    group = new GroupCommit({
      single: (one) => postTransferIn(db, one),
      batch: (many) => postBatch(db, many),
      keyOf: (one) => one.idempotencyKey,
      maxBatch: maxGroupCommitBatch,
    })
    groupCommits.set(db, group)
  }
  return group
}

/**
 * Posts a transfer inside the caller's transaction, so that an order and the money it moves
 * commit together. A refusal writes nothing, so the caller's transaction goes on.
 */
export async function postTransferIn(tx: Db, input: TransferInput): Promise<TransferResult> {
  assertBalanced(input.postings)
  return (await postBatch(tx, [input]))[0]!
}

/**
 * Posts a transfer in a transaction of its own without waiting for a group commit: one
 * statement, one commit per transfer. What a ledger without group commit does; the bench's
 * unbatched baseline.
 */
export async function postTransferAlone(db: Db, input: TransferInput): Promise<TransferResult> {
  return postTransferIn(db, input)
}

/** One answer of the ledger_post_batch function (migration 0023). */
type PostAnswer =
  | { outcome: 'created' | 'replayed'; transferId: string }
  | { outcome: 'idempotency-conflict' }
  | {
      outcome: 'insufficient-funds' | 'account-closed' | 'account-inactive'
      accountId: number
    }

/**
 * The batch in one round trip: the database function checks the keys, locks the balance rows
 * in id order, applies the status and minimum rules transfer by transfer, writes the accepted
 * transfers, their postings and the balances, and asserts what it stored balances. A broken
 * invariant raised inside the database becomes a LedgerInvariantError.
 */
async function postBatch(db: Db, inputs: TransferInput[]): Promise<TransferResult[]> {
  if (inputs.length === 0) return []
  let result: unknown
  try {
    result = await db.execute(sql`select ledger_post_batch(${batchJson(inputs)}::jsonb,
      ${AccountStatus.Active}::integer, ${AccountStatus.Closed}::integer) as answer`)
  } catch (error) {
    const message = databaseMessage(error)
    if (message) throw new LedgerInvariantError(message.slice('ledger invariant: '.length))
    throw error
  }
  // node-postgres and PGlite both answer a raw statement with { rows }, jsonb parsed.
  const answers = (result as { rows: { answer: PostAnswer[] }[] }).rows[0]?.answer
  if (answers?.length !== inputs.length) {
    throw new LedgerInvariantError(`a batch of ${inputs.length} had ${answers?.length} answers`)
  }
  return answers.map(resultOf)
}

function batchJson(inputs: TransferInput[]): string {
  return JSON.stringify(
    inputs.map((input) => ({
      key: input.idempotencyKey,
      hash: requestHash(input),
      kind: input.kind,
      status: input.status ?? 'posted',
      description: input.description ?? '',
      postings: input.postings.map((p) => ({
        accountId: p.accountId,
        currencyCode: p.currencyCode,
        amountMinor: p.amountMinor.toString(),
      })),
    })),
  )
}

function resultOf(answer: PostAnswer): TransferResult {
  if ('transferId' in answer)
    return { outcome: answer.outcome, transferId: BigInt(answer.transferId) }
  if (answer.outcome === 'idempotency-conflict') return { outcome: answer.outcome }
  return { outcome: answer.outcome, accountId: answer.accountId }
}

/** The message of a database error, on either driver (Drizzle wraps it as the cause). */
function databaseMessage(error: unknown): string | undefined {
  let current = error as { message?: unknown; cause?: unknown } | undefined
  while (current) {
    if (typeof current.message === 'string' && current.message.startsWith('ledger invariant: ')) {
      return current.message
    }
    current = current.cause as typeof current
  }
  return undefined
}
