// taxIdTable: the per-country tax-ID table, for one country or all, for one customer kind or
// both (product-spec sections 3 and 5). A country the table does not list gets the generic
// fallback row; a code of no country is VF.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { country, unknownCountry } from './country-table.ts'
import { allTaxIdRules, fallbackRule, taxIdRuleFor } from './tax-id-rules.ts'

export const handler: Handler<'taxIdTable'> = async (_context, { countryCode, customerType }) => {
  if (countryCode !== undefined && !country(countryCode)) return unknownCountry('countryCode')
  const taxIdRules =
    countryCode === undefined
      ? allTaxIdRules(customerType)
      : [taxIdRuleFor(countryCode, customerType)]
  return rpcOk({ taxIdRules, fallback: fallbackRule(customerType) })
}
