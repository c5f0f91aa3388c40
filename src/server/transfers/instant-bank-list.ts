// instantBankList: the banks reachable by instant payment in a country (product-spec sections 3
// and 7). code is the bank's code in the instant scheme (ISPB for Brazil's PIX); a country
// without an instant scheme answers an empty list.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'
import { bankDirectory } from './directory/bank-directory.ts'

export const handler: Handler<'instantBankList'> = async (_context, { countryCode }) => {
  if (!country(countryCode)) return unknownCountry('countryCode')
  const banks = await bankDirectory().instantBanksOf(countryCode)
  return rpcOk({
    banks: banks.map((bank) => ({ code: bank.instantCode ?? '', name: bank.name, countryCode })),
  })
}
