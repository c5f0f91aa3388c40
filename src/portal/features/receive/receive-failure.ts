// A refused or lost answer of a recipient call as one message (product-spec section 8): the
// server's description (it writes it in the reader's language), its validation errors, or
// the generic "Server is not available"; and a refusal naming one of the recipient's fields
// (paymentDetails.<name>) on that field of the form.
import type { TFunction } from 'i18next'
import { failureText } from '../../components/transfer/transfer-display.ts'
import type { RpcAnswer, RpcOperationId } from '../../api/operation-query.ts'
import type { FieldError } from '../../renderer/call-operation.ts'
import { extraParamErrors, type ExtraForm } from '../transfers/extra-parameters.ts'

export function failureMessage<Op extends RpcOperationId>(
  answer: RpcAnswer<Op>,
  t: TFunction,
): string {
  const shown = failureText(answer.data as Parameters<typeof failureText>[0], answer.status)
  const message = [shown.title, shown.text].filter(Boolean).join(': ')
  return message || t('common:errors.server')
}

/** The description of a refusal naming `parameter`, or null when none names it. */
export function refusalOf<Op extends RpcOperationId>(
  answer: RpcAnswer<Op>,
  parameter: string,
): string | null {
  const data = answer.data as
    | {
        errors?: { parameter: string; description: string }[]
        field?: string
        responseDescription?: string
      }
    | undefined
  const named = data?.errors?.find((error) => error.parameter === parameter)
  if (named) return named.description
  return data?.field === parameter ? (data.responseDescription ?? null) : null
}

/** A refusal of the submit naming paymentDetails.<name>, on the form's field of that name. */
export function fieldErrorsOf(errors: FieldError[], form: ExtraForm | null): FieldError[] {
  if (!form) return []
  const prefix = 'paymentDetails.'
  const named = errors
    .filter((error) => error.parameter.startsWith(prefix))
    .map((error) => ({
      ...error,
      parameter: `extraParams.${error.parameter.slice(prefix.length)}`,
    }))
  return extraParamErrors(named, form.sentAs)
}
