// The per-country tax-ID table (data/tax-id-rules.json): what each country calls the personal
// and the business tax identification number, whether each is required, and whether the
// country needs a CRS declaration (product-spec sections 3 and 5). A country the table does
// not list gets the generic "Tax Identification Number (TIN)" row.
import taxData from './data/tax-id-rules.json' with { type: 'json' }

export type TaxIdCustomerKind = 'personal' | 'business'

export interface TaxIdName {
  name: string
  shortName: string
  required: boolean
  genericName: boolean
}

export interface TaxIdRule {
  countryCode?: string
  personal?: TaxIdName
  business?: TaxIdName
  crs: boolean
  fromFallback: boolean
}

const rows = new Map(taxData.rules.map((row) => [row.countryCode, row]))
export const taxIdRuleCount = rows.size

/** Keeps only the side a caller asked for; both when it asked for neither. */
function narrowed(rule: TaxIdRule, kind: TaxIdCustomerKind | undefined): TaxIdRule {
  if (kind === undefined) return rule
  const { personal, business, ...rest } = rule
  return kind === 'personal' ? { ...rest, personal } : { ...rest, business }
}

export function fallbackRule(kind?: TaxIdCustomerKind): TaxIdRule {
  return narrowed({ ...taxData.fallback, fromFallback: true }, kind)
}

/** The row of one country, or the fallback row carrying that country's code. */
export function taxIdRuleFor(countryCode: string, kind?: TaxIdCustomerKind): TaxIdRule {
  const row = rows.get(countryCode)
  if (!row) return { countryCode, ...fallbackRule(kind) }
  return narrowed({ ...row, fromFallback: false }, kind)
}

export function allTaxIdRules(kind?: TaxIdCustomerKind): TaxIdRule[] {
  return [...rows.keys()].map((countryCode) => taxIdRuleFor(countryCode, kind))
}
