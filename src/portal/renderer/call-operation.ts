// Calls any operation a screen names, through the portal's transport (version header,
// retries, token refresh): RPC as POST /rpc/<id>, REST with its method, path and query.
import { send } from '../api/client.ts'
import { fetchCustomerInfo } from '../api/get-customer-info.ts'
import { queryClient } from '../api/query-client.ts'
import { actingCustomer } from '../api/acting-customer.ts'
import type { Json, OperationRef } from './screens-data.ts'
import { screensBundle } from './screens-data.ts'
import { ResponseCode } from '../../generated/constants.ts'

export interface FieldError {
  parameter: string
  description: string
}

export interface CallResult {
  ok: boolean
  status: number
  body: Record<string, Json> & {
    responseCode?: string
    responseDescription?: string
    message?: string
    errors?: FieldError[]
  }
  blob?: Blob
  /** A file answer's name, from its content-disposition. */
  fileName?: string
}

/** The file name a content-disposition header gives ("inline; filename=\"passport.pdf\""). */
export function dispositionFileName(header: string | null): string | undefined {
  const match = /filename="?([^";]+)"?/i.exec(header ?? '')
  return match?.[1] || undefined
}

/**
 * Screen descriptions may send "$customerId": the customer the session acts for (the chosen
 * company, else the signed-in customer), as the merchant public-api paths want it in the
 * query or body (spec/screens/api-keys.yaml).
 */
export async function resolvePlaceholders(
  values: Record<string, Json | undefined>,
): Promise<Record<string, Json | undefined>> {
  if (!Object.values(values).includes('$customerId')) return values
  const chosen = actingCustomer()
  if (chosen !== undefined) return replaceCustomerId(values, chosen)
  // The signed-in customer's answer is the one the header and the other pages share.
  const info = await fetchCustomerInfo(queryClient)
  return replaceCustomerId(values, info.data?.customer?.customerId)
}

function replaceCustomerId(
  values: Record<string, Json | undefined>,
  id: number | undefined,
): Record<string, Json | undefined> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      value === '$customerId' ? (id ?? null) : value,
    ]),
  )
}

export function operationRef(operationId: string): OperationRef {
  const ref = screensBundle.operations[operationId]
  if (!ref) throw new Error(`assertion: ${operationId} is in the screens bundle`)
  return ref
}

export interface CallOptions {
  download?: boolean
  form?: FormData
  onProgress?: (percent: number) => void
  /**
   * The customer the call acts for, sent as fromCustomerId (a screen's actsFor): it goes
   * before the tab's chosen company, which the transport adds only when none is named.
   */
  customerId?: number | undefined
}

export async function callOperation(
  operationId: string,
  payload: Record<string, Json | undefined> = {},
  options: CallOptions = {},
): Promise<CallResult> {
  const values = { ...(await resolvePlaceholders(payload)) }
  const ref = operationRef(operationId)
  if (options.customerId !== undefined && ref.kind === 'rpc') {
    if (options.form) options.form.set('fromCustomerId', String(options.customerId))
    else values.fromCustomerId = options.customerId
  }
  const body: Record<string, Json> = {}
  let path = ref.path
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === '') continue
    if (path.includes(`{${key}}`))
      path = path.replace(`{${key}}`, encodeURIComponent(String(value)))
    else body[key] = value
  }
  const url = new URL(path, window.location.origin)
  const sendsBody = !['GET', 'DELETE'].includes(ref.method)
  if (!sendsBody) {
    for (const [key, value] of Object.entries(body)) url.searchParams.set(key, String(value))
  }
  if (options.form && options.onProgress)
    return upload(url, ref.method, options.form, options.onProgress)
  // A content type without a body is refused by the server, so only a body gets one.
  const request = new Request(url, {
    method: ref.method,
    headers: options.form || !sendsBody ? {} : { 'content-type': 'application/json' },
    body: options.form ?? (sendsBody ? JSON.stringify(body) : undefined),
  })
  const response = await send(request)
  const type = response.headers.get('content-type') ?? ''
  if (options.download && response.ok && !type.includes('application/json')) {
    const fileName = dispositionFileName(response.headers.get('content-disposition'))
    const blob = await response.blob()
    return { ok: true, status: response.status, body: {}, blob, ...(fileName && { fileName }) }
  }
  const text = await response.text()
  const parsed = text ? (JSON.parse(text) as CallResult['body']) : {}
  const ok = response.ok && (ref.kind === 'rest' || parsed.responseCode === ResponseCode.Success)
  return { ok, status: response.status, body: parsed }
}

/** Uploads with progress: fetch cannot report upload progress, XMLHttpRequest can. */
async function upload(
  url: URL,
  method: string,
  form: FormData,
  onProgress: (percent: number) => void,
): Promise<CallResult> {
  const { session } = await import('../api/client.ts')
  const { clientVersion } = await import('../api/transport.ts')
  const { withActingPart } = await import('../api/acting-customer.ts')
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open(method, url)
    xhr.setRequestHeader('x-client-version', clientVersion)
    if (session.accessToken) xhr.setRequestHeader('authorization', `Bearer ${session.accessToken}`)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100))
    }
    xhr.onerror = () => reject(new TypeError('network error'))
    xhr.onload = () => {
      const parsed = xhr.responseText ? (JSON.parse(xhr.responseText) as CallResult['body']) : {}
      const ok =
        xhr.status < 300 &&
        (parsed.responseCode === undefined || parsed.responseCode === ResponseCode.Success)
      resolve({ ok, status: xhr.status, body: parsed })
    }
    if (url.pathname.startsWith('/rpc/')) withActingPart(form)
    xhr.send(form)
  })
}
