// identityGet: the acting customer's identity documents, video identification and proof of
// residence (product-spec section 3, User status and KYC: Identity).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { loadCustomerRecords } from '../kyc/customer-records.ts'
import { identityView } from '../kyc/record-views.ts'

export const handler: Handler<'identityGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  return rpcOk({ identity: identityView(records) })
}
