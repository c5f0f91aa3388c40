// customerLimitReasonGet: the acting customer's open limit reasons with the documents each
// asks for and those uploaded (product-spec section 3, User status and KYC; section 4).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { loadCustomerRecords } from './customer-records.ts'
import { limitReasonView } from './record-views.ts'

export const handler: Handler<'customerLimitReasonGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const limitReasons = records.limitReasons.map((reason) => limitReasonView(records, reason))
  return rpcOk({
    limited: records.customer.limited,
    limitReasons,
    allDocumentsUploaded: limitReasons.every((reason) =>
      reason.requirementDocuments.every((requirement) => requirement.isUploaded),
    ),
  })
}
