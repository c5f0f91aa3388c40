// Multipart calls of mass transfers (product-spec section 7: "data JSON plus file"). The
// typed client sends JSON only, and the transport adds the acting customer to JSON bodies
// only, so the acting customer goes here as a part of its own, where the server reads the
// envelope keys of an RPC call.
import { actingCustomer } from '../../api/acting-customer.ts'
import { send } from '../../api/client.ts'

export interface MultipartAnswer<T> {
  data: T | undefined
  status: number
}

export async function postMultipart<T>(
  operationId: string,
  data: Record<string, unknown>,
  file: File,
): Promise<MultipartAnswer<T>> {
  const form = new FormData()
  form.append('data', JSON.stringify(data))
  form.append('file', file, file.name)
  const acting = actingCustomer()
  if (acting !== undefined) form.append('fromCustomerId', String(acting))
  const response = await send(
    new Request(new URL(`/rpc/${operationId}`, window.location.origin), {
      method: 'POST',
      body: form,
    }),
  )
  const text = await response.text()
  let parsed: T | undefined
  try {
    parsed = text ? (JSON.parse(text) as T) : undefined
  } catch {
    parsed = undefined
  }
  return { data: parsed, status: response.status }
}
