// branchCodeList: the branch codes of a bank, for the countries whose EFT needs one (product-spec
// sections 5 and 7: BR, JP, HK and LK). A bank the directory holds no branches for answers an
// empty list; a bank code the country does not know is refused naming bankCode.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { country, unknownCountry } from '../dictionaries/country-table.ts'
import { bankDirectory } from './directory/bank-directory.ts'

export const handler: Handler<'branchCodeList'> = async (_context, { countryCode, bankCode }) => {
  if (!country(countryCode)) return unknownCountry('countryCode')
  const bank = await bankDirectory().bankByCode(countryCode, bankCode)
  if (!bank) {
    return validationFailure([
      refusal('bankCode', 'refusal.transfers.notBankOfCountry', { country: countryCode }),
    ])
  }
  const branches = [...(bank.branches ?? [])].sort((a, b) => a.code.localeCompare(b.code))
  return rpcOk({ branches: branches.map(({ code, name }) => ({ code, name })) })
}
