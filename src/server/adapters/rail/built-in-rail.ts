// The built-in rail: needs no outside service and settles every payout a short while after it
// is handed over, through the jobs table, so the whole path (hold, payout, outcome, notice)
// runs in the demo and in tests. Its one deterministic return rule is documented in
// README.md: a payout to the beneficiary named "Returned Payee" comes back as returned.
// The rail decides the outcome at hand-over and reports it as a job whose payload is the
// RailOutcome; the transfers area runs that job (transfers/rail-outcomes.ts), so an adapter
// never imports the area it reports to.
import type { Db } from '../../db/open-database.ts'
import { enqueueJobs } from '../../jobs/job-queue.ts'
import type { RailAdapter, RailOutcome, RailPayout } from './rail-adapter.ts'

export const builtInRailJobKind = 'rail.built-in-outcome'

/** The beneficiary whose payouts the built-in rail always returns (compared case-blind). */
export const returnedBeneficiaryName = 'Returned Payee'
export const returnedReason = 'The beneficiary account does not accept this payment.'

/** Seconds from hand-over to outcome: RAIL_SETTLE_SECONDS, 20 unless set. */
export function railDelayMs(env: NodeJS.ProcessEnv = process.env): number {
  const seconds = Number(env.RAIL_SETTLE_SECONDS)
  return (Number.isFinite(seconds) && seconds >= 0 && env.RAIL_SETTLE_SECONDS ? seconds : 20) * 1000
}

export function outcomeOf(payout: RailPayout): RailOutcome {
  const returned =
    payout.beneficiaryName.trim().toLowerCase() === returnedBeneficiaryName.toLowerCase()
  return returned
    ? { orderId: payout.orderId, outcome: 'returned', reason: returnedReason }
    : { orderId: payout.orderId, outcome: 'settled' }
}

export function builtInRail(delayMs = railDelayMs()): RailAdapter {
  return {
    name: 'built-in',
    async submit(tx: Db, payout: RailPayout): Promise<void> {
      const outcome = outcomeOf(payout)
      await enqueueJobs(tx, [
        {
          kind: builtInRailJobKind,
          payload: { ...outcome },
          runAt: new Date(Date.now() + delayMs),
        },
      ])
    },
  }
}
