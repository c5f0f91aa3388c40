// What the confirm page of a P2P mass transfer can say before sending (product-spec section
// 7 has no preview for P2P): how many payments the lines hold and their sum. A line is a
// payment when one of its cells is an e-mail; its amount is the first plain decimal cell. A
// first line without an e-mail is the sample file's header. The server checks every row
// again and answers the rows it refuses.
import { fromMinor, toMinor } from '../../../shared/money.ts'

const scale = 8
const emailPattern = /^[^@\s]+@[^@\s]+\.[^@\s]+$/
const amountPattern = /^[0-9]{1,20}(\.[0-9]{1,8})?$/

export interface LinesSummary {
  /** Lines that name a payee. */
  count: number
  /** The sum of the amounts read, as shown (section 9). */
  total: string
  /** Line numbers (from 1) with a payee but no amount that could be read. */
  unreadable: number[]
}

function cellsOf(line: string): string[] {
  return line.split(/[,;\t]/).map((cell) =>
    cell
      .trim()
      .replace(/^"(.*)"$/, '$1')
      .trim(),
  )
}

export function summarizeLines(text: string): LinesSummary {
  let count = 0
  let total = 0n
  const unreadable: number[] = []
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return
    const cells = cellsOf(line)
    if (!cells.some((cell) => emailPattern.test(cell))) return
    count++
    const amount = cells.find((cell) => amountPattern.test(cell))
    if (amount === undefined) unreadable.push(index + 1)
    else total += toMinor(amount, scale)
  })
  return { count, total: fromMinor(total, scale), unreadable }
}
