// kycCustomerInfoGet: what the KYC screens start from, for the acting customer (product-spec
// section 3, User status and KYC), with the verification state section 4 derives.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { loadCustomerRecords } from './customer-records.ts'
import { kycCustomerInfoView } from './kyc-customer-info.ts'

export const handler: Handler<'kycCustomerInfoGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  return rpcOk({ kycCustomerInfo: kycCustomerInfoView(records) })
}
