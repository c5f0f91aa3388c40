// The currency dictionary (data/currencies.json): ISO code, name, symbol, minor-unit scale.
import currencyList from './data/currencies.json' with { type: 'json' }

export interface CurrencyEntry {
  code: string
  name: string
  symbol: string
  scale: number
}

export const currencyEntries: readonly CurrencyEntry[] = currencyList
const byCode = new Map(currencyEntries.map((entry) => [entry.code, entry]))

export function currency(code: string): CurrencyEntry | undefined {
  return byCode.get(code.toUpperCase())
}

/** The scale of a currency the ledger holds; an unknown one is a programmer error. */
export function scaleOf(code: string): number {
  const entry = byCode.get(code)
  if (!entry) throw new Error(`assertion: currency ${code} is in the dictionary`)
  return entry.scale
}
