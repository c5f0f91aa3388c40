// bankList: the banks of a country that bank (EFT) transfers can go to (product-spec section 7,
// "Banks per country"), from the bank directory, by name. code is the national bank code an
// EFT names the bank by (routing number, institution number, COMPE code...).
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'
import { bankDirectory } from './directory/bank-directory.ts'

export const handler: Handler<'bankList'> = async (_context, { countryCode }) => {
  if (!country(countryCode)) return unknownCountry('countryCode')
  const banks = await bankDirectory().banksOf(countryCode)
  return rpcOk({
    banks: banks.map((bank) => ({ code: bank.bankCode, name: bank.name, swift: bank.swift })),
  })
}
