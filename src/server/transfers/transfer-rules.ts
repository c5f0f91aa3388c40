// Fees and limits of the transfers served so far (product-spec sections 3, 5 and 7 name them;
// the amounts are ours, docs/decisions.md "Money movement"). Amounts are in major units of
// the source account's currency and become minor units with its scale.
import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { transferOrders } from '../db/schema-transfers.ts'
import { toMinor } from '../../shared/money.ts'
import { externalTransferTypes, type ExternalTransferType } from '../../shared/transfer-types.ts'

/** 'global': a global payment, held for its recipient (global-pay/global-payments.ts). */
export type OrderKind = 'betweenAccounts' | 'p2p' | 'global' | ExternalTransferType
export type LimitType = 'betweenAccounts' | 'p2p' | 'withdrawals'
export type LimitPeriod = 'transaction' | 'daily' | 'monthly'

/** A proportional fee rounded up to the minor unit and clamped between min and max. */
interface FeeSchedule {
  ratePpm: bigint
  min: string
  max: string
}

/**
 * Fees per kind, in the source account's currency (docs/decisions.md, "External transfers").
 * P2P: 1%, 0.30 to 10.00. Wire: 0.2%, 15.00 to 75.00. EFT: 0.5%, 1.00 to 10.00. Card (OCT):
 * 1.5%, 1.50 to 25.00. Crypto: 1%, 2.00 to 50.00. Instant: 0.5%, 0.50 to 5.00. Interac: 1.50.
 */
export const feeSchedules: Record<Exclude<OrderKind, 'betweenAccounts'>, FeeSchedule> = {
  p2p: { ratePpm: 10_000n, min: '0.30', max: '10.00' },
  // The dearest payout method's fee, as p2pGlobalPayMetaGet quotes it (docs/decisions.md).
  global: { ratePpm: 20_000n, min: '1.00', max: '25.00' },
  wire: { ratePpm: 2_000n, min: '15.00', max: '75.00' },
  eft: { ratePpm: 5_000n, min: '1.00', max: '10.00' },
  oct: { ratePpm: 15_000n, min: '1.50', max: '25.00' },
  crypto_eft: { ratePpm: 10_000n, min: '2.00', max: '50.00' },
  instant_payment: { ratePpm: 5_000n, min: '0.50', max: '5.00' },
  interac: { ratePpm: 0n, min: '1.50', max: '1.50' },
}

/** Between own accounts is free; a conversion is priced by the FX markup in the rate. */
export function feeMinorOf(kind: OrderKind, amountMinor: bigint, scale: number): bigint {
  if (kind === 'betweenAccounts') return 0n
  const schedule = feeSchedules[kind]
  const proportional = (amountMinor * schedule.ratePpm + 999_999n) / 1_000_000n
  const min = toMinor(schedule.min, scale)
  const max = toMinor(schedule.max, scale)
  return proportional < min ? min : proportional > max ? max : proportional
}

export const limitTable: Record<LimitType, Record<LimitPeriod, string>> = {
  betweenAccounts: { transaction: '250000.00', daily: '1000000.00', monthly: '5000000.00' },
  p2p: { transaction: '5000.00', daily: '10000.00', monthly: '50000.00' },
  withdrawals: { transaction: '10000.00', daily: '20000.00', monthly: '100000.00' },
}

/** Orders that count against a limit: done, or holding money on their way (or at a rail). */
const countingStatuses = [
  'completed',
  'awaitingCode',
  'awaitingApprover',
  'heldForClaim',
  'pending',
  'settled',
]

export function periodStart(period: LimitPeriod, now: Date): Date | undefined {
  if (period === 'transaction') return undefined
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  if (period === 'monthly') start.setUTCDate(1)
  return start
}

export interface LimitUse {
  period: LimitPeriod
  limitMinor: bigint
  usedMinor: bigint
  remainingMinor: bigint
}

/** The limits of a type on a source account and how much of each the account has used. */
export async function limitUse(
  db: Db,
  type: LimitType,
  fromAccountId: number,
  scale: number,
  now: Date,
): Promise<LimitUse[]> {
  const uses: LimitUse[] = []
  // Withdrawals are every transfer that leaves the bank (section 7: type withdrawals).
  const kinds: OrderKind[] = type === 'withdrawals' ? [...externalTransferTypes, 'global'] : [type]
  for (const period of ['transaction', 'daily', 'monthly'] as const) {
    const limitMinor = toMinor(limitTable[type][period], scale)
    const start = periodStart(period, now)
    let usedMinor = 0n
    if (start && kinds.length > 0) {
      const [row] = await db
        .select({ total: sql<string>`coalesce(sum(${transferOrders.amountMinor}), 0)::text` })
        .from(transferOrders)
        .where(
          and(
            eq(transferOrders.fromAccountId, fromAccountId),
            inArray(transferOrders.kind, kinds),
            inArray(transferOrders.status, countingStatuses),
            gte(transferOrders.createdAt, start),
          ),
        )
      usedMinor = BigInt(row?.total ?? '0')
    }
    const remaining = limitMinor - usedMinor
    uses.push({ period, limitMinor, usedMinor, remainingMinor: remaining > 0n ? remaining : 0n })
  }
  return uses
}

/** The first limit the amount would break, if any. */
export function brokenLimit(uses: LimitUse[], amountMinor: bigint): LimitUse | undefined {
  return uses.find((use) => amountMinor > use.remainingMinor)
}
