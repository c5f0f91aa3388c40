// swiftLookup: the bank a SWIFT/BIC code names, and whether the code is valid (product-spec
// sections 3 and 7). Valid means well formed under ISO 9362 with a real country; the bank
// details are filled when the bank directory knows the institution, null otherwise
// (docs/decisions.md, "Transfer directory").
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { bankDirectory } from './directory/bank-directory.ts'
import { swiftCheck } from './directory/swift.ts'

export const handler: Handler<'swiftLookup'> = async (_context, { swift }) => {
  const check = swiftCheck(swift)
  const bank = check.valid ? await bankDirectory().bankBySwift(check.code) : undefined
  return rpcOk({
    bankDetails: {
      address: bank?.address ?? null,
      city: bank?.city ?? null,
      zipCode: bank?.zipCode ?? null,
      countryIsoCode: bank?.countryCode ?? check.countryCode ?? null,
      bankName: bank?.name ?? null,
      code: check.code,
      valid: check.valid,
    },
  })
}
