// merchantIdentityVerificationFeeGet: what one identity verification costs when charged to
// this account (the fee of its currency, data/identity-verification-fees.json).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { identityVerificationFee } from './identity-verification-fees.ts'
import { merchantAccount } from './merchant-accounts.ts'

export const handler: Handler<'merchantIdentityVerificationFeeGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const account = await merchantAccount(context.db, customerId, input.accountId)
  if (!account) {
    return validationFailure([refusal('accountId', 'refusal.common.notActiveAccountOfYours')])
  }
  const fee = identityVerificationFee(account.currencyCode)
  if (!fee) {
    return validationFailure([
      refusal('accountId', 'refusal.merchant.idvNotOffered', { currency: account.currencyCode }),
    ])
  }
  return rpcOk({ fee: { amount: fee.amount, currencyCode: fee.currencyCode } })
}
