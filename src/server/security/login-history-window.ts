// The time window of a login-history query (product-spec section 7: fromDate, toDate). Dates
// are whole UTC days and both ends are included, so fromDate = toDate is one day.
import type { FieldError } from '../rpc/outcome.ts'
import { refusal } from '../rpc/outcome.ts'

export interface TimeWindow {
  /** The first instant included. */
  from?: Date
  /** The first instant after the window. */
  before?: Date
}

const dayMs = 86_400_000

/** The window of two yyyy-mm-dd dates (already checked by the schema); either may be absent. */
export function loginHistoryWindow(fromDate?: string, toDate?: string): TimeWindow | FieldError {
  if (fromDate !== undefined && toDate !== undefined && toDate < fromDate) {
    return refusal('toDate', 'refusal.common.beforeStartDate')
  }
  const window: TimeWindow = {}
  if (fromDate !== undefined) window.from = new Date(`${fromDate}T00:00:00Z`)
  if (toDate !== undefined) window.before = new Date(Date.parse(`${toDate}T00:00:00Z`) + dayMs)
  return window
}
