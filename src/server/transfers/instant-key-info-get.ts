// instantKeyInfoGet: who and which account an instant key leads to (product-spec sections 3 and
// 7: instantInfo from taxId, instantKey and instantKeyType). The key is checked for its type's
// form, then looked up in the key directory. A taxId, when sent, must be the owner's, so a
// sender can confirm the beneficiary before sending; when none is sent the owner's tax id is
// answered masked, as the instant scheme shows it to a payer who does not know it.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, type Failure, type RefusalKey } from '../rpc/outcome.ts'
import { bankDirectory } from './directory/bank-directory.ts'
import { instantKeyCheck, isInstantKeyType, maskTaxId } from './directory/instant.ts'

function refuse(parameter: string, reason: RefusalKey | undefined): Failure {
  return validationFailure([refusal(parameter, reason ?? 'refusal.common.notValid')])
}

export const handler: Handler<'instantKeyInfoGet'> = async (_context, input) => {
  const { instantKeyType, taxId } = input
  if (!isInstantKeyType(instantKeyType)) {
    return refuse('instantKeyType', 'refusal.transfers.notInstantKeyType')
  }
  const key = instantKeyCheck(instantKeyType, input.instantKey)
  if (!key.valid) return refuse('instantKey', key.reason)
  const owner = taxId === undefined || taxId === '' ? undefined : instantKeyCheck('taxId', taxId)
  if (owner && !owner.valid) return refuse('taxId', owner.reason)
  const directory = bankDirectory()
  const found = await directory.instantKey(instantKeyType, key.key)
  if (!found) return refuse('instantKey', 'refusal.transfers.keyNotRegistered')
  if (owner && owner.key !== found.taxId)
    return refuse('taxId', 'refusal.transfers.notKeyOwnerTaxId')
  const banks = await directory.instantBanksOf(found.countryCode)
  const bank = banks.find((entry) => entry.instantCode === found.bankCode)
  return rpcOk({
    instantInfo: {
      instantKey: found.instantKey,
      instantKeyType: found.instantKeyType,
      taxId: owner ? found.taxId : maskTaxId(found.taxId),
      beneficiaryName: found.beneficiaryName,
      ...(bank ? { bankName: bank.name } : {}),
      bankCode: found.bankCode,
      branchCode: found.branchCode,
      accountNumber: found.accountNumber,
      accountType: found.accountType,
      countryCode: found.countryCode,
    },
  })
}
