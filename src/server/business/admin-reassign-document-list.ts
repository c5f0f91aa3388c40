// adminReassignDocumentList: the uploaded documents of the customer chosen with fromCustomerId
// that an administrator can reassign, link or remove (product-spec section 6): its main files
// that are not removed, newest first, optionally only one representative's. A representative
// of another business answers VF naming representativeId.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { businessRepresentatives } from '../db/schema-business.ts'
import { loadCustomerRecords } from '../kyc/customer-records.ts'
import { uploadedDocumentView } from '../kyc/record-views.ts'

export const handler: Handler<'adminReassignDocumentList'> = async (context, input) => {
  const { customerId } = requireSession(context)
  if (input.representativeId !== undefined) {
    const [row] = await context.db
      .select({ id: businessRepresentatives.id })
      .from(businessRepresentatives)
      .where(
        and(
          eq(businessRepresentatives.id, input.representativeId),
          eq(businessRepresentatives.companyCustomerId, customerId),
        ),
      )
    if (!row) {
      const description = 'refusal.common.notRepresentativeOfBusiness'
      return validationFailure([refusal('representativeId', description)])
    }
  }
  const records = await loadCustomerRecords(context.db, customerId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const documents = records.uploads
    .filter(
      (upload) =>
        upload.uploadedAt !== null &&
        !upload.isSubDocument &&
        (input.representativeId === undefined ||
          upload.representativeId === input.representativeId),
    )
    .map((upload) => uploadedDocumentView(records, upload))
  return rpcOk({ documents })
}
