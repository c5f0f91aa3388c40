// Date filters of the merchant lists (fromDate, toDate) are whole UTC days, both included.

/** The first instant of a day (yyyy-mm-dd, UTC). */
export function startOfDay(day: string): Date {
  return new Date(`${day}T00:00:00Z`)
}

/** The first instant after a day, for an exclusive upper bound. */
export function startOfNextDay(day: string): Date {
  return new Date(startOfDay(day).getTime() + 86_400_000)
}
