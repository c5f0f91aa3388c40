// The second phase of a hold (DESIGN.md section 6): approval posts it, decline or expiry
// voids it. Settling twice the same way answers the first result; a hold already settled the
// other way is refused.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { ledgerAccounts, ledgerPostings, ledgerTransfers } from '../db/schema-ledger.ts'
import { AccountStatus } from '../../generated/constants.ts'
import { applyBalanceDeltas, lockBalances, type BalanceDelta } from './balance-rows.ts'
import { LedgerInvariantError } from './post-transfer.ts'

export type SettleResult =
  | { outcome: 'settled' | 'replayed' }
  | { outcome: 'already-settled'; status: string }
  | { outcome: 'account-closed'; accountId: number }

export async function settleHold(
  tx: Db,
  transferId: bigint,
  to: 'posted' | 'voided',
): Promise<SettleResult> {
  const [transfer] = await tx
    .select({ status: ledgerTransfers.status })
    .from(ledgerTransfers)
    .where(eq(ledgerTransfers.id, transferId))
    .for('update')
  if (!transfer) throw new LedgerInvariantError(`transfer ${transferId} exists`)
  if (transfer.status === to) return { outcome: 'replayed' }
  if (transfer.status !== 'pending') return { outcome: 'already-settled', status: transfer.status }
  const postings = await tx
    .select({
      accountId: ledgerPostings.accountId,
      amountMinor: ledgerPostings.amountMinor,
      customerId: ledgerAccounts.customerId,
      statusId: ledgerAccounts.statusId,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
    .where(eq(ledgerPostings.transferId, transferId))
  const deltas = new Map<number, BalanceDelta>()
  for (const posting of postings) {
    if (posting.customerId === null) continue
    // Money cannot land on an account closed while the hold waited; the caller voids instead.
    if (to === 'posted' && posting.statusId === AccountStatus.Closed && posting.amountMinor > 0n) {
      return { outcome: 'account-closed', accountId: posting.accountId }
    }
    const delta = deltas.get(posting.accountId) ?? {
      accountId: posting.accountId,
      postedMinor: 0n,
      pendingDebitMinor: 0n,
      pendingCreditMinor: 0n,
    }
    if (posting.amountMinor < 0n) delta.pendingDebitMinor -= posting.amountMinor
    else delta.pendingCreditMinor -= posting.amountMinor
    if (to === 'posted') delta.postedMinor += posting.amountMinor
    deltas.set(posting.accountId, delta)
  }
  const list = [...deltas.values()].sort((a, b) => a.accountId - b.accountId)
  await lockBalances(
    tx,
    list.map((d) => d.accountId),
  )
  await tx.update(ledgerTransfers).set({ status: to }).where(eq(ledgerTransfers.id, transferId))
  await applyBalanceDeltas(tx, list)
  return { outcome: 'settled' }
}
