// Dictionaries load lazily on first use and persist in sessionStorage (product-spec
// section 9). A non-success reply is returned without storing anything (section 8).
import type { components } from '../../generated/api.d.ts'
import { api } from './client.ts'

export type Currency = components['schemas']['Currency']

const currenciesKey = 'portal.dict.currencies'
let inFlight: Promise<Currency[]> | null = null

export function loadCurrencies(): Promise<Currency[]> {
  const stored = sessionStorage.getItem(currenciesKey)
  if (stored) return Promise.resolve(JSON.parse(stored) as Currency[])
  inFlight ??= api
    .POST('/rpc/currencies', { body: {} })
    .then(({ data }) => {
      if (data?.responseCode !== '00' || !data.currencies) return []
      sessionStorage.setItem(currenciesKey, JSON.stringify(data.currencies))
      return data.currencies
    })
    .finally(() => {
      inFlight = null
    })
  return inFlight
}
