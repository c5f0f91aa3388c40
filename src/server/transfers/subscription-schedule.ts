// When the runs of a recurring transfer fall (product-spec section 3: frequency, end date,
// number of transactions). The first run is the submit itself; run n falls n-1 periods after
// it. A run past the end date or beyond the number of transactions does not happen.

export interface SubscriptionTerms {
  frequency: 'daily' | 'weekly' | 'monthly'
  /** yyyy-mm-dd, the last day a run may fall on. */
  endDate?: string
  runsTotal?: number
  userCanCancel: boolean
}

/** The date of run `run` (1-based) of a subscription that started at `start`. */
export function runDate(frequency: SubscriptionTerms['frequency'], start: Date, run: number): Date {
  const date = new Date(start.getTime())
  const steps = run - 1
  if (frequency === 'daily') date.setUTCDate(date.getUTCDate() + steps)
  else if (frequency === 'weekly') date.setUTCDate(date.getUTCDate() + 7 * steps)
  else {
    // The 31st of a month runs on the last day of shorter months.
    const day = date.getUTCDate()
    date.setUTCDate(1)
    date.setUTCMonth(date.getUTCMonth() + steps)
    const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate()
    date.setUTCDate(Math.min(day, last))
  }
  return date
}

/** Whether run `run` may happen under the terms. */
export function runAllowed(
  terms: Omit<SubscriptionTerms, 'userCanCancel'>,
  start: Date,
  run: number,
) {
  if (terms.runsTotal !== undefined && run > terms.runsTotal) return false
  if (terms.endDate !== undefined) {
    const day = runDate(terms.frequency, start, run).toISOString().slice(0, 10)
    if (day > terms.endDate) return false
  }
  return true
}

/** The time of the second run, or undefined when the terms allow only the first. */
export function firstRunAt(terms: SubscriptionTerms, start: Date): Date | undefined {
  return runAllowed(terms, start, 2) ? runDate(terms.frequency, start, 2) : undefined
}
