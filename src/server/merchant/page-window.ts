// The page of a page-style list (x-paging style page, first page 1): which rows to read.
// Page numbers are 32-bit in the spec, so a page far past any table reads nothing instead
// of sending the database an offset it need not hold.

export interface PageWindow {
  limit: number
  offset: number
}

/** The largest offset a list reads; PostgreSQL takes bigint offsets, we never need more. */
const maxOffset = 2_147_483_647

/** The rows of page `pageNumber` (1-based) of `pageSize` rows; undefined when past any table. */
export function pageWindow(pageNumber: number, pageSize: number): PageWindow | undefined {
  if (!Number.isSafeInteger(pageNumber) || pageNumber < 1) {
    throw new Error(`assertion: page number ${pageNumber} was validated as a positive integer`)
  }
  if (!Number.isSafeInteger(pageSize) || pageSize < 1) {
    throw new Error(`assertion: page size ${pageSize} was validated as a positive integer`)
  }
  const offset = (pageNumber - 1) * pageSize
  if (!Number.isSafeInteger(offset) || offset > maxOffset) return undefined
  return { limit: pageSize, offset }
}
