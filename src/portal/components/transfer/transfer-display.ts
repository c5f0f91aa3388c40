// The display rules of product-spec section 8 for transfer answers: validation errors as
// "parameter: description" joined with commas, and a header cut off at 50 characters (a
// longer message becomes the body under the header "Error"). Pure, so the rules are testable
// without a browser.
import { errorHeaderCutoff, joinValidationErrors } from '../../../shared/response-codes.ts'

export interface TransferAnswer {
  responseCode?: string
  responseDescription?: string
  message?: string
  errors?: { parameter: string; description: string }[]
}

/** A failure as shown: `title` null means the translated "Error", `text` null means none. */
export interface FailureText {
  title: string | null
  text: string | null
}

export function failureText(answer: TransferAnswer | undefined, httpStatus = 200): FailureText {
  // A 500 or no answer: the generic "Server is not available" (section 8, HTTP).
  if (!answer || httpStatus >= 500) return { title: null, text: null }
  const errors = joinValidationErrors(answer.errors)
  const message = answer.responseDescription || answer.message || errors
  if (!message) return { title: null, text: null }
  if (errors && errors !== message) {
    // A description of its own heads the list when it fits; otherwise both are the body.
    if (message.length <= errorHeaderCutoff) return { title: message, text: errors }
    return { title: null, text: `${message} (${errors})` }
  }
  if (message.length > errorHeaderCutoff) return { title: null, text: message }
  return { title: message, text: null }
}

/** One key per attempt of a form; a retry of the same attempt sends it again. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

/** A decimal amount the server accepts: digits, up to 8 decimals, above 0. */
export function isPositiveAmount(value: string): boolean {
  return /^(?!0+(\.0+)?$)[0-9]{1,20}(\.[0-9]{1,8})?$/.test(value.trim())
}
