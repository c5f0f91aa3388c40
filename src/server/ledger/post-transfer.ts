// The one way money moves: a transfer whose postings sum to zero per currency, written in
// one database transaction under an idempotency key (DESIGN.md section 6). Customer accounts
// keep a balance row (ledger_balances) updated in the same transaction; a transfer locks the
// rows of the customer accounts it touches, in id order, so concurrent transfers cannot
// overdraw an account and cannot deadlock each other.
//
// One transfer is one call of the database function ledger_post_transfer (migration 0010):
// one round trip. A batch is set-based: one read of earlier uses of the keys, one lock of the
// balance rows, then one insert of the transfers, one of the postings and one update of the
// balances, however many transfers there are (the batched budget of DESIGN.md section 10).
import { createHash } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../db/schema-ledger.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { applyBalanceDeltas, lockBalances, type BalanceRow } from './balance-rows.ts'
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

/** Another transaction committed one of the batch's keys first: the batch is redone. */
class KeyRace extends Error {}

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
const maxGroupCommitBatch = 200

/**
 * Posts a transfer in a transaction of its own: alone one statement (ledger_post_transfer),
 * under concurrent load in a group commit with the transfers that arrived meanwhile.
 */
export async function postTransfer(db: Db, input: TransferInput): Promise<TransferResult> {
  assertBalanced(input.postings)
  let group = groupCommits.get(db)
  if (!group) {
    group = new GroupCommit({
      single: (one) => postSingle(db, one),
      batch: (many) => postTransfers(db, many),
      keyOf: (one) => one.idempotencyKey,
      maxBatch: maxGroupCommitBatch,
    })
    groupCommits.set(db, group)
  }
  return group.submit(input)
}

/**
 * Posts many transfers in one transaction (mass payments, the bench's batched load); each is
 * refused or posted on its own, in order. A key committed meanwhile by another transaction
 * redoes the batch once, which then replays it.
 */
export async function postTransfers(db: Db, inputs: TransferInput[]): Promise<TransferResult[]> {
  for (const input of inputs) assertBalanced(input.postings)
  if (inputs.length === 1) return [await postSingle(db, inputs[0]!)]
  const attempt = () => db.transaction((tx) => postBatchIn(tx as unknown as Db, inputs))
  try {
    return await attempt()
  } catch (error) {
    if (!(error instanceof KeyRace)) throw error
    return attempt()
  }
}

/**
 * Posts a transfer inside the caller's transaction, so that an order and the money it moves
 * commit together. A refusal writes nothing, so the caller's transaction goes on.
 */
export async function postTransferIn(tx: Db, input: TransferInput): Promise<TransferResult> {
  assertBalanced(input.postings)
  return postSingle(tx, input)
}

/** The answer of the ledger_post_transfer function (migration 0010). */
type PostAnswer =
  | { outcome: 'created' | 'replayed'; transferId: string }
  | { outcome: 'idempotency-conflict' }
  | {
      outcome: 'insufficient-funds' | 'account-closed' | 'account-inactive'
      accountId: number
    }

/**
 * One transfer in one round trip: the database function checks the key, locks the balance
 * rows in id order, applies the status and minimum rules, writes the transfer, its postings
 * and the balances, and asserts what it stored balances. Alone it is one statement, atomic
 * without BEGIN and COMMIT, so a hot account's row is locked for the function and the commit
 * only. A broken invariant raised inside the database becomes a LedgerInvariantError.
 */
async function postSingle(db: Db, input: TransferInput): Promise<TransferResult> {
  const postings = JSON.stringify(
    input.postings.map((p) => ({
      accountId: p.accountId,
      currencyCode: p.currencyCode,
      amountMinor: p.amountMinor.toString(),
    })),
  )
  let result: unknown
  try {
    result = await db.execute(sql`select ledger_post_transfer(
      ${input.idempotencyKey}, ${requestHash(input)}, ${input.kind}, ${input.status ?? 'posted'},
      ${input.description ?? ''}, ${postings}::jsonb,
      ${AccountStatus.Active}::integer, ${AccountStatus.Closed}::integer) as answer`)
  } catch (error) {
    const message = databaseMessage(error)
    if (message?.startsWith('ledger invariant: ')) {
      throw new LedgerInvariantError(message.slice('ledger invariant: '.length))
    }
    throw error
  }
  // node-postgres and PGlite both answer a raw statement with { rows }, jsonb parsed.
  const answer = (result as { rows: { answer: PostAnswer }[] }).rows[0]?.answer
  if (!answer) throw new LedgerInvariantError('ledger_post_transfer answered nothing')
  if ('transferId' in answer) {
    return { outcome: answer.outcome, transferId: BigInt(answer.transferId) }
  }
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

function accountIdsOf(inputs: TransferInput[]): number[] {
  return [...new Set(inputs.flatMap((input) => input.postings.map((p) => p.accountId)))]
}

async function accountFacts(tx: Db, accountIds: number[]): Promise<Map<number, AccountFacts>> {
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
  return new Map(accounts.map((a) => [a.id, a]))
}

async function postBatchIn(tx: Db, inputs: TransferInput[]): Promise<TransferResult[]> {
  const hashes = inputs.map(requestHash)
  const earlier = await earlierUses(tx, inputs, hashes)
  const fresh = inputs.filter((_, i) => earlier[i] === undefined)
  const checked = await checkFunds(tx, fresh)
  const accepted = fresh.filter((_, i) => checked.results[i] === undefined)
  const ids = await insertTransfers(tx, accepted, hashes, inputs)
  await insertPostings(tx, accepted, ids)
  await applyBalanceDeltas(tx, checked.deltas)
  let next = 0
  return inputs.map((input, i) => {
    if (earlier[i]) return earlier[i]
    const refusal = checked.results[next++]
    if (refusal) return refusal
    return { outcome: 'created', transferId: ids.get(input.idempotencyKey)! }
  })
}

/** For each input: its earlier result (replayed or refused as a conflict), or undefined. */
async function earlierUses(
  tx: Db,
  inputs: TransferInput[],
  hashes = inputs.map(requestHash),
): Promise<(TransferResult | undefined)[]> {
  const keys = inputs.map((input) => input.idempotencyKey)
  if (new Set(keys).size !== keys.length) {
    throw new LedgerInvariantError('a batch uses an idempotency key twice')
  }
  const rows = await tx
    .select({
      id: ledgerTransfers.id,
      key: ledgerTransfers.idempotencyKey,
      requestHash: ledgerTransfers.requestHash,
    })
    .from(ledgerTransfers)
    .where(inArray(ledgerTransfers.idempotencyKey, keys))
  const byKey = new Map(rows.map((row) => [row.key, row]))
  return inputs.map((input, i) => {
    const first = byKey.get(input.idempotencyKey)
    if (!first) return undefined
    return first.requestHash === hashes[i]
      ? { outcome: 'replayed', transferId: first.id }
      : { outcome: 'idempotency-conflict' }
  })
}

/**
 * Locks the balance rows of the customer accounts and checks, transfer by transfer, the
 * status and minimum-balance rules: a closed account takes nothing; only an active one pays
 * out; a debit may not take the available balance (holds included) below the minimum.
 * Returns the refusal of each input (undefined when accepted) and the accepted deltas.
 */
async function checkFunds(
  tx: Db,
  inputs: TransferInput[],
): Promise<{ results: (TransferRefusal | undefined)[]; deltas: BalanceRow[] }> {
  if (inputs.length === 0) return { results: [], deltas: [] }
  const byId = await accountFacts(tx, accountIdsOf(inputs))
  const customerIds = [...byId.values()]
    .filter((a) => a.customerId !== null)
    .map((a) => a.id)
    .sort((a, b) => a - b)
  const rows = await lockBalances(tx, customerIds)
  const running = new Map([...rows].map(([id, row]) => [id, { ...row }]))
  const deltas = new Map<number, BalanceRow>()
  const results = inputs.map((input) => {
    const net = netOf(input, byId)
    const refusal = refusalOf(net, byId, running)
    if (refusal) return refusal
    for (const delta of net) {
      add(running.get(delta.accountId)!, delta)
      add(deltas.get(delta.accountId) ?? emptyDelta(delta.accountId, deltas), delta)
    }
    return undefined
  })
  return { results, deltas: [...deltas.values()].sort((a, b) => a.accountId - b.accountId) }
}

type AccountFacts = {
  id: number
  currencyCode: string
  customerId: number | null
  statusId: number
  balanceMinMinor: bigint
}

/** What one transfer does to each customer account it touches. */
function netOf(input: TransferInput, byId: Map<number, AccountFacts>): BalanceRow[] {
  const pending = input.status === 'pending'
  const net = new Map<number, BalanceRow>()
  for (const posting of input.postings) {
    const account = byId.get(posting.accountId)
    if (account?.currencyCode !== posting.currencyCode) {
      throw new LedgerInvariantError(
        `account ${posting.accountId} is not in ${posting.currencyCode}`,
      )
    }
    if (account.customerId === null) continue
    const delta = net.get(account.id) ?? emptyDelta(account.id, net)
    if (!pending) delta.postedMinor += posting.amountMinor
    else if (posting.amountMinor < 0n) delta.pendingDebitMinor += posting.amountMinor
    else delta.pendingCreditMinor += posting.amountMinor
  }
  return [...net.values()]
}

function refusalOf(
  net: BalanceRow[],
  byId: Map<number, AccountFacts>,
  running: Map<number, BalanceRow>,
): TransferRefusal | undefined {
  for (const delta of net) {
    const account = byId.get(delta.accountId)!
    const row = running.get(delta.accountId)
    if (!row) throw new LedgerInvariantError(`account ${delta.accountId} has no balance row`)
    if (account.statusId === AccountStatus.Closed) {
      return { outcome: 'account-closed', accountId: account.id }
    }
    const outflow = delta.postedMinor + delta.pendingDebitMinor
    if (outflow >= 0n) continue
    if (account.statusId !== AccountStatus.Active) {
      return { outcome: 'account-inactive', accountId: account.id }
    }
    if (row.postedMinor + row.pendingDebitMinor + outflow < account.balanceMinMinor) {
      return { outcome: 'insufficient-funds', accountId: account.id }
    }
  }
  return undefined
}

function emptyDelta(accountId: number, into: Map<number, BalanceRow>): BalanceRow {
  const delta = { accountId, postedMinor: 0n, pendingDebitMinor: 0n, pendingCreditMinor: 0n }
  into.set(accountId, delta)
  return delta
}

function add(target: BalanceRow, delta: BalanceRow): void {
  target.postedMinor += delta.postedMinor
  target.pendingDebitMinor += delta.pendingDebitMinor
  target.pendingCreditMinor += delta.pendingCreditMinor
}

async function insertTransfers(
  tx: Db,
  accepted: TransferInput[],
  hashes: string[],
  inputs: TransferInput[],
): Promise<Map<string, bigint>> {
  if (accepted.length === 0) return new Map()
  const hashOf = new Map(inputs.map((input, i) => [input.idempotencyKey, hashes[i]!]))
  const inserted = await tx
    .insert(ledgerTransfers)
    .values(
      accepted.map((input) => ({
        idempotencyKey: input.idempotencyKey,
        requestHash: hashOf.get(input.idempotencyKey)!,
        kind: input.kind,
        status: input.status ?? 'posted',
        description: input.description ?? '',
      })),
    )
    .onConflictDoNothing({ target: ledgerTransfers.idempotencyKey })
    .returning({ id: ledgerTransfers.id, key: ledgerTransfers.idempotencyKey })
  // A key another transaction committed between our read and our insert: the funds checked
  // above counted a transfer that will not happen here, so the batch is redone.
  if (inserted.length !== accepted.length) throw new KeyRace('an idempotency key was raced')
  return new Map(inserted.map((row) => [row.key, row.id]))
}

/** Writes the postings and checks what the database stored: every transfer balances. */
async function insertPostings(
  tx: Db,
  accepted: TransferInput[],
  ids: Map<string, bigint>,
): Promise<void> {
  if (accepted.length === 0) return
  const stored = await tx
    .insert(ledgerPostings)
    .values(
      accepted.flatMap((input) =>
        input.postings.map((p) => ({ transferId: ids.get(input.idempotencyKey)!, ...p })),
      ),
    )
    .returning({
      transferId: ledgerPostings.transferId,
      currencyCode: ledgerPostings.currencyCode,
      amountMinor: ledgerPostings.amountMinor,
    })
  const expected = accepted.reduce((sum, input) => sum + input.postings.length, 0)
  if (stored.length !== expected) throw new LedgerInvariantError('postings were not all stored')
  const sums = new Map<string, bigint>()
  for (const row of stored) {
    const key = `${row.transferId}:${row.currencyCode}`
    sums.set(key, (sums.get(key) ?? 0n) + row.amountMinor)
  }
  for (const [key, sum] of sums) {
    if (sum !== 0n) throw new LedgerInvariantError(`stored postings of ${key} sum to ${sum}`)
  }
}
