// One shape for the answers of the typed client on the security pages: the data on success,
// else the response the failure popup shows (product-spec section 8). The token-service
// calls (REST) fail with an HTTP status and {message} or VF {errors}; the RPC calls answer
// 200 with a response code other than '00'.
import type { CallResult, FieldError } from '../../renderer/call-operation.ts'
import { ResponseCode } from '../../../generated/constants.ts'

export type Outcome<T> =
  { ok: true; data: T } | { ok: false; failure: CallResult; errors: FieldError[] }

interface Answer<T> {
  data?: T
  error?: unknown
  response: Response
}

/** A network failure, shown with the translated network message. */
function networkFailure<T>(networkMessage: string): Outcome<T> {
  return {
    ok: false,
    failure: { ok: false, status: 0, body: { message: networkMessage } },
    errors: [],
  }
}

/**
 * Waits for a call. `isOk` decides for answers that carry their own result (RPC envelopes);
 * a 204 has no data, which `T` must then allow.
 */
export async function settle<T>(
  call: Promise<Answer<T>>,
  networkMessage: string,
  isOk: (data: T) => boolean = () => true,
): Promise<Outcome<T>> {
  let answer: Answer<T>
  try {
    answer = await call
  } catch {
    return networkFailure(networkMessage)
  }
  const { data, error, response } = answer
  if (response.ok && (data === undefined || isOk(data))) return { ok: true, data: data as T }
  const body = (data ?? error ?? {}) as CallResult['body']
  return {
    ok: false,
    failure: { ok: false, status: response.status, body },
    errors: Array.isArray(body.errors) ? body.errors : [],
  }
}

/** The RPC envelope's success (product-spec section 8: any code but '00' is a failure). */
export const rpcOk = (data: { responseCode?: string }) => data.responseCode === ResponseCode.Success

/** The server's refusal of each field, keyed by parameter, for a form's errors. */
export function fieldErrors(errors: FieldError[], fields: readonly string[]) {
  const known = errors.filter((error) => fields.includes(error.parameter))
  return Object.fromEntries(known.map((error) => [error.parameter, error.description]))
}
