// documentsInquiry: the documents the bank asks the acting customer for, with their files and
// whether they are verified or in review (product-spec sections 3 and 4).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { documentsReview } from '../../shared/document-review.ts'
import { loadCustomerRecords } from './customer-records.ts'
import { customerDocumentView } from './record-views.ts'

export const handler: Handler<'documentsInquiry'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const documents = records.documents
    .filter(
      (document) =>
        (input.categoryId === undefined || document.categoryId === input.categoryId) &&
        (input.isDueDiligence === undefined || document.isDueDiligence === input.isDueDiligence),
    )
    .map((document) => customerDocumentView(records, document))
  const statusIds = documents.flatMap((document) =>
    document.uploadedDocuments.filter((file) => !file.isSubDocument).map((file) => file.statusId),
  )
  return rpcOk({ documents, ...documentsReview(statusIds) })
}
