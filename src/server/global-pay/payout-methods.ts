// The methods a global payment is paid out by in a country (issue 16): the external transfer
// methods of the directory (transfers/directory/methods.ts), less crypto, which a recipient
// who only has an e-mail cannot be checked for (docs/decisions.md, "Global payments").
import { countryMethods, type TransferMethod } from '../transfers/directory/methods.ts'
import type { ExternalTransferType } from '../../shared/transfer-types.ts'

export function globalPayoutMethods(countryCode: string, currencyCode?: string): TransferMethod[] {
  return countryMethods(countryCode).filter(
    (method) =>
      method.transferType !== 'crypto_eft' &&
      (currencyCode === undefined || method.currencyCodes.includes(currencyCode)),
  )
}

export function globalPayoutOffered(
  type: string,
  countryCode: string,
  currencyCode: string,
): type is ExternalTransferType {
  return globalPayoutMethods(countryCode, currencyCode).some((m) => m.transferType === type)
}

/** The answer's shape (schemas/global-payment-method.schema.json). */
export function methodAnswer(method: TransferMethod) {
  return {
    transferType: method.transferType,
    name: method.name,
    currencyCodes: method.currencyCodes,
  }
}
