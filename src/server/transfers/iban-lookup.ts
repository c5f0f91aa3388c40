// ibanLookup: the bank an IBAN belongs to, and whether the IBAN is valid (product-spec sections
// 3 and 7). Valid means the country's IBAN structure and ISO 13616 check digits; the bank is
// found by the bank code the country's format places in the IBAN, the branch by its branch code.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { country } from '../dictionaries/country-table.ts'
import { bankDirectory } from './directory/bank-directory.ts'
import { ibanCheck } from './directory/iban.ts'

export const handler: Handler<'ibanLookup'> = async (_context, { iban }) => {
  const check = ibanCheck(iban)
  const countryCode = check.countryCode ?? null
  const bank =
    check.valid && check.countryCode && check.bankCode
      ? await bankDirectory().bankByIbanCode(check.countryCode, check.bankCode)
      : undefined
  const branch = bank?.branches?.find((entry) => entry.code === check.branchCode)
  return rpcOk({
    bankDetails: {
      address: bank?.address ?? null,
      // The branch's name where the directory knows it, else the code the IBAN carries.
      branch: branch?.name ?? (check.valid ? (check.branchCode ?? null) : null),
      city: branch?.city ?? bank?.city ?? null,
      zipCode: bank?.zipCode ?? null,
      countryIsoCode: countryCode,
      country: countryCode ? (country(countryCode)?.name ?? null) : null,
      bankName: bank?.name ?? null,
      swift: bank?.swift ?? null,
      valid: check.valid,
    },
  })
}
