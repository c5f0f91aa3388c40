// The response-code catalogue (product-spec section 8) and the rules for showing a failure.
import { ResponseCode } from '../generated/constants.ts'

export { ResponseCode }

export interface EnvelopeLike {
  responseCode?: string
  responseDescription?: string
  message?: string
  body?: string
  errors?: { parameter: string; description: string }[]
}

export function isSuccess(response: EnvelopeLike | undefined): boolean {
  return response?.responseCode === ResponseCode.Success
}

/** "parameter: description" pairs joined with commas (product-spec sections 5 and 8). */
export function joinValidationErrors(errors: EnvelopeLike['errors']): string {
  return (errors ?? []).map((e) => `${e.parameter}: ${e.description}`).join(', ')
}

/** Header cutoff: a longer message moves to the body under the header "Error". */
export const errorHeaderCutoff = 50

export interface FailureDisplay {
  /** The popup header; `null` means the translated generic "Error" header. */
  title: string | null
  /** The popup text; `null` means the translated generic server-error message. */
  text: string | null
}

/**
 * What the response popup shows for a failed call: the description, message, body or the
 * validation errors, falling back to the generic server error (product-spec section 8).
 */
export function describeFailure(
  response: EnvelopeLike | undefined,
  httpStatus = 200,
): FailureDisplay {
  if (httpStatus >= 500 || !response) return { title: null, text: null }
  const message =
    response.responseDescription ||
    response.message ||
    response.body ||
    joinValidationErrors(response.errors) ||
    null
  if (message === null) return { title: null, text: null }
  if (message.length > errorHeaderCutoff) return { title: null, text: message }
  return { title: message, text: null }
}
