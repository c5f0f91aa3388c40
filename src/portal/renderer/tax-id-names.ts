// The per-country tax-id table (taxIdTable, product-spec sections 3 and 5) as a form reads it:
// what a country calls the tax id of a person or a business, and whether it is required. A
// country the table does not list gets the table's generic fallback row.
import { dictionaryRows } from './form-choices.ts'
import type { ChoiceSource, TaxIdHint } from './screens-data.ts'

export type { TaxIdHint }

export interface TaxIdName {
  name: string
  shortName: string
  required: boolean
}

/** The name and rule of a country's tax id, or undefined before a country is chosen. */
export function taxIdName(
  reply: unknown,
  source: ChoiceSource,
  country: unknown,
  kind: 'personal' | 'business',
): TaxIdName | undefined {
  if (typeof country !== 'string' || country === '') return undefined
  const row =
    dictionaryRows(reply, source.items).find((r) => r[source.value] === country) ??
    ((reply as Record<string, unknown> | undefined)?.fallback as Record<string, unknown>)
  const side = row?.[kind] as Partial<TaxIdName> | undefined
  if (typeof side?.name !== 'string') return undefined
  return {
    name: side.name,
    shortName: String(side.shortName ?? ''),
    required: side.required === true,
  }
}

/** The label's hint: the country's own name of the tax id, with its abbreviation. */
export function taxIdHintText(name: TaxIdName): string {
  return name.shortName && name.shortName !== name.name
    ? `${name.name} (${name.shortName})`
    : name.name
}
