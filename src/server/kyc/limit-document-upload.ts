// limitDocumentUpload: a document an open limit reason asks for (product-spec section 3, User
// status and KYC: limit reasons; section 4: a limited account is processing once every limit
// document is uploaded). The type must serve a category the reason asks for; the file is
// checked and recorded as any document upload (document-uploads.ts), filed under the
// customer's document of that category and linked to the reason. The reason is resolved when
// an administrator confirms its documents (adminDocumentDecide), not by the upload.
import { and, eq, isNull } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type FieldError, refusal, rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { customerLimitReasons } from '../db/schema.ts'
import { documentTypeById } from './document-type-lookup.ts'
import { addressForUpload, checkUpload, recordUpload, usernameOf } from './document-uploads.ts'
import { loadCustomerRecords } from './customer-records.ts'
import { limitReasonView } from './record-views.ts'

export const handler: Handler<'limitDocumentUpload'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const [reason] = await context.db
    .select()
    .from(customerLimitReasons)
    .where(
      and(
        eq(customerLimitReasons.id, input.limitReasonId),
        eq(customerLimitReasons.customerId, customerId),
        isNull(customerLimitReasons.resolvedAt),
      ),
    )
  const errors: FieldError[] = []
  if (!reason) {
    errors.push(refusal('limitReasonId', 'refusal.kyc.notOpenLimitReason'))
  }
  const type = documentTypeById(input.documentTypeId)
  const categoryId = type?.categoryIds.find((id) => reason?.requiredCategoryIds.includes(id))
  if (!type) {
    errors.push(refusal('documentTypeId', 'refusal.common.notDocumentType'))
  } else if (reason && categoryId === undefined) {
    errors.push(refusal('documentTypeId', 'refusal.kyc.notTypeOfLimitReason'))
  }
  if (!type || !reason || categoryId === undefined) return validationFailure(errors)
  const address = await addressForUpload(context.db, customerId, categoryId, undefined)
  if ('error' in address) throw new Error('assertion: no address named, none refused')
  const checked = checkUpload(
    {
      type,
      ...input,
      main: { parameter: 'file', part: input.file },
      subParts: {},
      hasDocumentFields: false,
    },
    new Date().toISOString().slice(0, 10),
  )
  if (!checked.ok) return validationFailure(checked.errors)
  const createdUsername = await usernameOf(context.db, userId)
  await context.db.transaction((tx) =>
    recordUpload(
      tx,
      {
        customerId,
        categoryId,
        addressId: address.addressId,
        isDueDiligence: false,
        limitReasonId: reason.id,
        createdUsername,
        purpose: 'limitDocument',
      },
      { type, ...input },
      checked.upload,
    ),
  )
  const records = await loadCustomerRecords(context.db, customerId)
  const open = records?.limitReasons.find((row) => row.id === reason.id)
  if (!records || !open) return rpcRefuse('UE', 'answer.kyc.limitReasonNotFound')
  return rpcOk({ limitReason: limitReasonView(records, open) })
}
