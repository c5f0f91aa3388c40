// A refused or lost answer of a recipient call as one message (product-spec section 8): the
// server's description (it writes it in the reader's language), its validation errors, or
// the generic "Server is not available".
import type { TFunction } from 'i18next'
import { failureText } from '../../components/transfer/transfer-display.ts'
import type { RpcAnswer, RpcOperationId } from '../../api/operation-query.ts'

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
