// wFormUpload: signs the W-9 or W-8BEN (a business's W-8BEN-E) of the saved FATCA/CRS
// certification with the built-in signing (spec/kyc.yaml): the person saw the unsigned form
// through its url, and this call, made by their own sign-in, is their signature. The form is
// produced again from the saved answers with the signature block (who, when, from where),
// stored as the form's document (purpose wForm), and its status turns pending. signData
// carries the signing client id and a pdfDownload link to each signed form.
import type { Handler, HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type Failure, type FieldError, refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { storeFile } from '../uploads/stored-files.ts'
import { downloadLink } from '../pdf/download-links.ts'
import { AccessRight, FatcaDocumentStatus } from '../../generated/constants.ts'
import type { SavedAnswers } from './fatca-answers.ts'
import { wFormPdf, type ProducedForm } from './fatca-forms.ts'
import { attestationOf, formPartyOf } from './fatca-save.ts'
import {
  certificationOf,
  lockSubject,
  statusesOf,
  updateForms,
  type CertificationRow,
  type FormStatuses,
} from './fatca-store.ts'
import {
  customerSubject,
  isFailure,
  representativeSubject,
  type FatcaSubject,
} from './fatca-subjects.ts'

type FormType = 'w9' | 'w8Ben'

/** Bank staff acting for a customer: full rights everywhere, but no capacity to sign for it. */
function actsAsAdministrator(context: HandlerContext, subject: FatcaSubject): boolean {
  return context.session?.isAdmin === true && context.session.customerId !== subject.customerId
}

/** A signature is personal: whose sign-in may sign the subject's forms. */
function signerRefusal(context: HandlerContext, subject: FatcaSubject): Failure | undefined {
  const session = requireSession(context)
  const own =
    subject.kind === 'personal'
      ? context.session?.customerId === subject.customerId
      : subject.kind === 'representative'
        ? subject.representative.userId === session.userId
        : context.accessRight === AccessRight.Full && !actsAsAdministrator(context, subject)
  if (own) return undefined
  const description =
    subject.kind === 'business' ? 'refusal.kyc.signedForBusiness' : 'refusal.kyc.signedByPerson'
  return validationFailure([refusal('formTypes', description)])
}

/** Each form asked for must be one the certification calls for, and not signed already. */
function unsignableForms(formTypes: readonly FormType[], statuses: FormStatuses): FieldError[] {
  const errors: FieldError[] = []
  formTypes.forEach((formType, index) => {
    const status = statuses[formType]
    const parameter = `formTypes.${index}`
    if (status === FatcaDocumentStatus.NotRequired) {
      errors.push(refusal(parameter, 'refusal.kyc.formNotCalledFor'))
    } else if (status === FatcaDocumentStatus.Pending || status === FatcaDocumentStatus.Validated) {
      errors.push(refusal(parameter, 'refusal.kyc.formSignedAlready'))
    }
  })
  return errors
}

async function signForms(
  context: HandlerContext,
  subject: FatcaSubject,
  row: CertificationRow,
  forms: ProducedForm[],
): Promise<Failure | Map<FormType, number>> {
  return context.db.transaction(async (tx) => {
    await lockSubject(tx, subject)
    const current = await certificationOf(tx, subject)
    if (!current || current.declaredAt.getTime() !== row.declaredAt.getTime()) {
      const description = 'refusal.kyc.formsChanged'
      return validationFailure([refusal('formTypes', description)])
    }
    const statuses = await statusesOf(tx, subject, current)
    const errors = unsignableForms(
      forms.map((form) => form.kind as FormType),
      statuses,
    )
    if (errors.length > 0) return validationFailure(errors)
    const fileIds = new Map<FormType, number>()
    for (const form of forms) {
      const file = {
        fileName: form.fileName,
        contentType: 'application/pdf' as const,
        content: Buffer.from(form.pdf),
      }
      fileIds.set(form.kind as FormType, await storeFile(tx, subject.customerId, 'wForm', file))
    }
    const w9 = fileIds.get('w9')
    const w8Ben = fileIds.get('w8Ben')
    await updateForms(
      tx,
      subject,
      current,
      { ...(w9 ? { w9FileId: w9 } : {}), ...(w8Ben ? { w8BenFileId: w8Ben } : {}) },
      {
        ...statuses,
        ...(w9 ? { w9: FatcaDocumentStatus.Pending } : {}),
        ...(w8Ben ? { w8Ben: FatcaDocumentStatus.Pending } : {}),
      },
    )
    return fileIds
  })
}

export const handler: Handler<'wFormUpload'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const subject =
    input.representativeId === undefined
      ? await customerSubject(context.db, customerId)
      : await representativeSubject(context, input.representativeId)
  if (isFailure(subject)) return subject
  const denied = signerRefusal(context, subject)
  if (denied) return denied
  const row = await certificationOf(context.db, subject)
  if (!row) {
    const description = 'refusal.kyc.saveCertificationBeforeSigning'
    return validationFailure([refusal('formTypes', description)])
  }
  const errors = unsignableForms(input.formTypes, await statusesOf(context.db, subject, row))
  if (errors.length > 0) return validationFailure(errors)
  const answers = row.answers as unknown as SavedAnswers
  const party = await formPartyOf(context.db, context, subject, answers)
  const signed = await attestationOf(context)
  const forms: ProducedForm[] = []
  for (const formType of input.formTypes) {
    forms.push(await wFormPdf(party, answers, formType, signed, signed.at))
  }
  const fileIds = await signForms(context, subject, row, forms)
  if (!(fileIds instanceof Map)) return fileIds
  const clientId =
    subject.kind === 'representative'
      ? `representative-${subject.representative.id}`
      : `${subject.kind}-${subject.customerId}`
  const signUrls = []
  for (const [formType, fileId] of fileIds) {
    signUrls.push({ formType, url: await downloadLink(context.db, subject.customerId, fileId) })
  }
  const [only] = signUrls
  return rpcOk({
    signData:
      signUrls.length === 1 && only ? { clientId, signUrl: only.url } : { clientId, signUrls },
  })
}
