// What the support operations share: the page a list asks for, the refusals of a ticket,
// thread or file that is not the caller's, and of an upload id that is not a free upload.
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, restMessage, validationFailure, type Failure } from '../rpc/outcome.ts'
import type { Page, UnknownUpload } from '../adapters/help-desk/help-desk-adapter.ts'

/** The customer a support call acts for: the help-desk token's, or the checked acting one. */
export function supportCustomer(context: HandlerContext): number {
  return requireSession(context).customerId
}

/** from and limit of a list, as the dispatcher validated them (defaults filled in). */
export function pageOf(query: Readonly<Record<string, unknown>>, defaultLimit: number): Page {
  const from = typeof query.from === 'number' ? query.from : 1
  const limit = typeof query.limit === 'number' ? query.limit : defaultLimit
  return { from, limit }
}

/** A ticket of anyone else reads as one that does not exist. */
export const noTicket = (): Failure => restMessage(404, 'answer.support.noTicket')
export const noThread = (): Failure => restMessage(404, 'answer.support.noThread')
export const noAttachment = (): Failure => restMessage(404, 'answer.support.noAttachment')

export function isUnknownUpload(value: object): value is UnknownUpload {
  return 'unknownUpload' in value
}

/** VF naming uploadIds at the position of the id that is no free upload of the caller. */
export function unknownUploadFailure(
  uploadIds: readonly string[],
  unknown: UnknownUpload,
): Failure {
  const index = uploadIds.lastIndexOf(unknown.unknownUpload)
  return validationFailure([refusal(`uploadIds[${index}]`, 'refusal.support.unknownUpload')], 400)
}
