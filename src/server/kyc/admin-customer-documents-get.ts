// adminCustomerDocumentsGet: everything an administrator reviews of the customer chosen with
// fromCustomerId (product-spec section 6): the documents as the customer sees them, every file
// but deleted ones (newest first) with its status, reason, links and recorded decisions, and
// the customer's status (section 4).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { loadCustomerRecords } from './customer-records.ts'
import { customerDocumentView } from './record-views.ts'
import { userStatusOf } from './user-status.ts'
import {
  adminFileView,
  customerKind,
  customerName,
  decisionsOf,
  duplicatedElsewhere,
} from './admin-review.ts'

export const handler: Handler<'adminCustomerDocumentsGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const uploads = records.uploads.filter((upload) => upload.uploadedAt !== null)
  const decisions = await decisionsOf(
    context.db,
    uploads.map((upload) => upload.id),
  )
  const duplicates = await duplicatedElsewhere(context.db, customerId, uploads)
  return rpcOk({
    customerId,
    name: customerName(records.customer),
    kind: customerKind(records.customer.customerType),
    status: userStatusOf(records),
    documents: records.documents.map((document) => customerDocumentView(records, document)),
    files: uploads.map((upload) => adminFileView(records, upload, decisions, duplicates)),
  })
}
