// lossOfNationalityUpload: the certificate of loss of US nationality of a person born in the
// US who certified they are no US taxpayer (product-spec section 5: "Loss of nationality is
// uploaded as a document file"). The file is checked by its bytes and stored with the
// certification in one transaction; the form's status turns pending. Refused, with VF naming
// document, before a certification is saved, when it does not ask for a certificate (a
// business never does), and once the bank validated one.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type FieldError, refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { checkUploadedFile, storeFile } from '../uploads/stored-files.ts'
import { FatcaDocumentStatus } from '../../generated/constants.ts'
import {
  certificationOf,
  lockSubject,
  statusesOf,
  updateForms,
  type CertificationRow,
  type FormStatus,
} from './fatca-store.ts'
import { customerSubject, isFailure, representativeSubject } from './fatca-subjects.ts'
import { certificationView } from './fatca-view.ts'

function refusalOf(row: CertificationRow | undefined, status: FormStatus): FieldError | undefined {
  const parameter = 'document'
  if (!row) return refusal(parameter, 'refusal.kyc.saveCertificationFirst')
  if (status === FatcaDocumentStatus.NotRequired) {
    return refusal(parameter, 'refusal.kyc.notAskedNoUsBirth')
  }
  if (status === FatcaDocumentStatus.Validated) {
    return refusal(parameter, 'refusal.kyc.certificateValidated')
  }
  return undefined
}

export const handler: Handler<'lossOfNationalityUpload'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const representativeId = input.representativeId as number | undefined
  const subject =
    representativeId === undefined
      ? await customerSubject(context.db, customerId)
      : await representativeSubject(context, representativeId)
  if (isFailure(subject)) return subject
  const checked = checkUploadedFile(input.document, 'document')
  if (!checked.ok) return validationFailure([checked.error])
  const today = new Date().toISOString().slice(0, 10)
  if (input.issuedDate !== undefined && input.issuedDate > today) {
    return validationFailure([refusal('issuedDate', 'refusal.common.inFuture')])
  }
  const outcome = await context.db.transaction(async (tx) => {
    await lockSubject(tx, subject)
    const row = await certificationOf(tx, subject)
    const statuses = await statusesOf(tx, subject, row)
    const refusal = refusalOf(row, statuses.lossOfNationality)
    if (refusal || !row) return refusal
    const fileId = await storeFile(tx, subject.customerId, 'lossOfNationality', checked.file)
    await updateForms(
      tx,
      subject,
      row,
      { lossOfNationalityFileId: fileId, lossOfNationalityIssuedOn: input.issuedDate ?? null },
      { ...statuses, lossOfNationality: FatcaDocumentStatus.Pending },
    )
    return undefined
  })
  if (outcome) return validationFailure([outcome])
  return rpcOk({ certification: await certificationView(context.db, subject) })
}
