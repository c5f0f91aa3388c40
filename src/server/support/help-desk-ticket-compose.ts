// helpDeskTicketCompose: a ticket from the new-message form whose fields helpDeskTicketFieldList
// describes. The other fields' values are checked against that list (known field, allowed
// value, length, mandatory); a value that does not fit is VF naming fields.<apiName>.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, reply, validationFailure, type FieldError } from '../rpc/outcome.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import type { SupportTicketField } from '../adapters/help-desk/help-desk-adapter.ts'
import { isUnknownUpload, supportCustomer, unknownUploadFailure } from './support-answers.ts'

/** Subject and description travel as fields of their own, never inside fields. */
const ownFields = new Set(['subject', 'description'])

function fieldError(field: SupportTicketField | undefined, value: string | undefined) {
  if (!field) return 'refusal.validation.notAllowed' as const
  if (value === undefined || value.trim() === '') {
    return field.isMandatory ? ('refusal.validation.required' as const) : undefined
  }
  if (field.allowedValues && !field.allowedValues.includes(value)) {
    return 'refusal.validation.notAllowedValue' as const
  }
  if (field.maxLength !== undefined && value.length > field.maxLength) {
    return 'refusal.validation.maxLength' as const
  }
  return undefined
}

/** The refusals of the form's other fields, in form order, then the unknown ones. */
export function formFieldErrors(
  fields: readonly SupportTicketField[],
  values: Readonly<Record<string, string>>,
): FieldError[] {
  const errors: FieldError[] = []
  const others = fields.filter((field) => !ownFields.has(field.apiName))
  for (const field of others) {
    const key = fieldError(field, values[field.apiName])
    if (!key) continue
    const params =
      key === 'refusal.validation.maxLength' ? { limit: field.maxLength ?? 0 } : undefined
    errors.push(refusal(`fields.${field.apiName}`, key, params))
  }
  for (const name of Object.keys(values)) {
    if (!others.some((field) => field.apiName === name)) {
      errors.push(refusal(`fields.${name}`, 'refusal.validation.notAllowed'))
    }
  }
  return errors
}

export const handler: Handler<'helpDeskTicketCompose'> = async (context, input) => {
  const adapter = helpDesk()
  const values = input.fields ?? {}
  const errors = formFieldErrors(adapter.fields(), values)
  if (errors.length > 0) return validationFailure(errors, 400)
  const uploadIds = input.uploadIds ?? []
  const opened = await adapter.openTicket(context.db, supportCustomer(context), input.subject, {
    content: input.description,
    contentType: 'text/plain',
    uploadIds,
    fields: values,
  })
  if (isUnknownUpload(opened)) return unknownUploadFailure(uploadIds, opened)
  return reply(200, opened)
}
