// merchantIdentityVerificationFeeGet: what one identity verification costs when charged to
// this account (the fee of its currency, data/identity-verification-fees.json).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { identityVerificationFee } from './identity-verification-fees.ts'
import { merchantAccount } from './merchant-accounts.ts'

export const handler: Handler<'merchantIdentityVerificationFeeGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const account = await merchantAccount(context.db, customerId, input.accountId)
  if (!account) {
    return validationFailure([
      { parameter: 'accountId', description: 'is not an active account of yours' },
    ])
  }
  const fee = identityVerificationFee(account.currencyCode)
  if (!fee) {
    return validationFailure([
      {
        parameter: 'accountId',
        description: `identity verification is not offered for ${account.currencyCode} accounts`,
      },
    ])
  }
  return rpcOk({ fee: { amount: fee.amount, currencyCode: fee.currencyCode } })
}
