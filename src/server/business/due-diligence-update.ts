// dueDiligenceUpdate: an administrator replaces the due-diligence answers of the business chosen
// with fromCustomerId (product-spec section 6). A details text explains a yes answer, so the
// details of a no answer are not kept (the registration wizard shows them only for yes).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { notABusiness, replaceProfilePart } from './business-profile-update.ts'

export const handler: Handler<'dueDiligenceUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const dueDiligence = {
    government: input.government,
    ...(input.government && input.governmentDetails !== undefined
      ? { governmentDetails: input.governmentDetails }
      : {}),
    lawsuits: input.lawsuits,
    ...(input.lawsuits && input.lawsuitsDetails !== undefined
      ? { lawsuitsDetails: input.lawsuitsDetails }
      : {}),
    taxPayers: input.taxPayers,
  }
  if (!(await replaceProfilePart(context.db, customerId, 'dueDiligence', dueDiligence))) {
    return validationFailure([notABusiness])
  }
  return rpcOk({ dueDiligence })
}
