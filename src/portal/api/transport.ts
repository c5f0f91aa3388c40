// The fetch under the typed client (product-spec section 7, client conventions): the client
// version header, a 5-minute timeout, 3 retries with exponential delay on network errors,
// and on 401 one token refresh and a replay. While a refresh runs, new requests wait for
// it; if it fails they are all cancelled with "Request call failed". RPC calls carry the
// acting customer (fromCustomerId) when one is chosen.
import type { SessionStore } from './session-store.ts'
import { withActingCustomer } from './acting-customer.ts'

export const clientVersion = '2.1.2'
export const requestCallFailed = 'Request call failed'

export class RequestCallFailedError extends Error {
  constructor() {
    super(requestCallFailed)
    this.name = 'RequestCallFailedError'
  }
}

export interface TransportOptions {
  session: SessionStore
  timeoutMs?: number
  retries?: number
  retryBaseDelayMs?: number
  fetchImpl?: typeof fetch
  /**
   * The portal's brand, sent as x-brand: on a host no brand claims (localhost, a demo) the
   * server takes the brand from it (src/server/rpc/request-brand.ts); a claimed host wins.
   */
  brandId?: () => string
  /**
   * The page's language, sent as Accept-Language: the server writes a REST refusal (a sign-in
   * step's) in it, as it writes an RPC's in the envelope's lang.
   */
  language?: () => string | undefined
}

export function createTransport(
  options: TransportOptions,
): (request: Request) => Promise<Response> {
  const { session } = options
  const timeoutMs = options.timeoutMs ?? 5 * 60_000
  const retries = options.retries ?? 3
  const baseDelayMs = options.retryBaseDelayMs ?? 500
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init))

  async function attempt(template: Request): Promise<Response> {
    for (let tryNumber = 0; ; tryNumber++) {
      const request = template.clone()
      request.headers.set('x-client-version', clientVersion)
      if (options.brandId) request.headers.set('x-brand', options.brandId())
      const language = options.language?.()
      if (language) request.headers.set('accept-language', language)
      const token = session.accessToken
      if (token) request.headers.set('authorization', `Bearer ${token}`)
      try {
        // The caller's signal (a query's, cancelled when nobody waits for the answer any
        // more) and the timeout both end the attempt.
        const signal = AbortSignal.any([template.signal, AbortSignal.timeout(timeoutMs)])
        return await fetchImpl(request, { signal })
      } catch (error) {
        // Only network failures are retried; a timeout or an abort is final.
        const isNetwork = error instanceof TypeError
        if (!isNetwork || tryNumber >= retries) throw error
        await new Promise((resolve) => setTimeout(resolve, baseDelayMs * 2 ** tryNumber))
      }
    }
  }

  return async (original: Request) => {
    const pending = session.pendingRefresh
    if (pending && !(await pending)) throw new RequestCallFailedError()
    const request = await withActingCustomer(original)
    const template = request.clone()
    const response = await attempt(template)
    if (response.status !== 401 || !session.isSignedIn) return response
    if (!(await session.refresh())) throw new RequestCallFailedError()
    return attempt(template)
  }
}
