// The transfer types that send money out of the bank (product-spec section 9's types less
// p2p) and the destination rule that depends on the country alone (section 5). One table for
// the server's directory, fees and submits and for the portal's transfer pages.
import { TransferType } from '../generated/constants.ts'

/** The external transfer types, in the order the portal offers them. */
export const externalTransferTypes = [
  TransferType.Wire,
  TransferType.Eft,
  TransferType.Oct,
  TransferType.CryptoEft,
  TransferType.InstantPayment,
  TransferType.Interac,
] as const
export type ExternalTransferType = (typeof externalTransferTypes)[number]

export function isExternalTransferType(type: string): type is ExternalTransferType {
  return (externalTransferTypes as readonly string[]).includes(type)
}

/** Section 5: an EFT to these countries needs a bank code and a branch code. */
export const bankCodeCountries: readonly string[] = ['BR', 'JP', 'HK', 'LK']

export function eftNeedsBankCode(countryCode: string): boolean {
  return bankCodeCountries.includes(countryCode.toUpperCase())
}
