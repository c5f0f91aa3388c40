// identityVerificationRunSubmit: the person sends the selfie and the identity document on a
// run's page (product-spec section 2). Both files are checked by their bytes before anything
// is written; a refused one is VF naming it. Then, in one transaction, the files are stored,
// the run is in progress (the customer's state is verificationProcessing) and the provider's
// decision is scheduled (adapters/identity/built-in-identity.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { type FieldError, refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import type { Db } from '../db/open-database.ts'
import { checkUploadedFile, type CheckedFile } from '../uploads/stored-files.ts'
import { openRun } from '../adapters/identity/built-in-identity.ts'
import { identityProviderOf } from '../adapters/identity/identity.ts'
import { linkRefused, runView } from './identity-run-view.ts'

/** Both files by content; the selfie must be a photo, the document may also be a PDF. */
function checkFiles(
  selfiePart: unknown,
  documentPart: unknown,
): { selfie: CheckedFile; document: CheckedFile } | { errors: FieldError[] } {
  const errors: FieldError[] = []
  const selfie = checkUploadedFile(selfiePart, 'selfie')
  if (!selfie.ok) errors.push(selfie.error)
  else if (selfie.file.contentType === 'application/pdf') {
    errors.push(refusal('selfie', 'refusal.common.notAPhoto'))
  }
  const document = checkUploadedFile(documentPart, 'document')
  if (!document.ok) errors.push(document.error)
  if (errors.length > 0 || !selfie.ok || !document.ok) return { errors }
  return { selfie: selfie.file, document: document.file }
}

export const handler: Handler<'identityVerificationRunSubmit'> = async (context, input) => {
  const now = new Date()
  const run = await openRun(context.db, input.data.workflowRunId, input.data.token, now)
  if (!run) return linkRefused('data.token')
  const checked = checkFiles(input.selfie, input.document)
  if ('errors' in checked) return validationFailure(checked.errors)
  const adapter = identityProviderOf(context.config)
  return context.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const sent = await adapter.submit(
      tx,
      run,
      { ...checked, documentTypeId: input.data.documentTypeId },
      now,
    )
    if (sent === 'alreadySent') {
      return validationFailure([refusal('data.workflowRunId', 'refusal.services.alreadySent')])
    }
    return rpcOk({ identityVerificationRun: runView(sent) })
  })
}
