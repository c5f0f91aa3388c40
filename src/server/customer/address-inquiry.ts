// addressInquiry: the acting customer's current addresses with their proofs, and the current
// proof of identity (product-spec section 3, Address inquiry result).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { loadCustomerRecords } from '../kyc/customer-records.ts'
import { addressView, identityDocumentView } from '../kyc/record-views.ts'

export const handler: Handler<'addressInquiry'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const addresses = records.addresses
    .filter(
      (address) => input.addressType === undefined || address.addressType === input.addressType,
    )
    .map((address) => addressView(records, address))
  const identity = identityDocumentView(records)
  return rpcOk({ addresses, ...(identity ? { identity } : {}) })
}
