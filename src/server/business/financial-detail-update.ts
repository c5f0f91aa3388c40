// financialDetailUpdate: an administrator replaces the financial details of the business chosen
// with fromCustomerId (product-spec section 6), checked against the dictionaries as the
// registration checks them; specifications name only chosen sources and purposes.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { financialDetailErrors } from '../kyc/answer-dictionaries.ts'
import { notABusiness, replaceProfilePart } from './business-profile-update.ts'

export const handler: Handler<'financialDetailUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const errors = financialDetailErrors(input)
  if (errors.length > 0) return validationFailure(errors)
  const financialDetail = { ...input }
  if (!(await replaceProfilePart(context.db, customerId, 'financialDetail', financialDetail))) {
    return validationFailure([notABusiness])
  }
  return rpcOk({ financialDetail })
}
