// Multipart calls of mass transfers (product-spec section 7: "data JSON plus file"): the typed
// client sends JSON only. The transport adds the acting customer as a form part of its own.
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
  return postForm<T>(operationId, form)
}

/** A form whose fields are parts of their own (globalPayBatchUpload: batchName, accountId...). */
export async function postFields<T>(
  operationId: string,
  fields: Record<string, string>,
  file: { name: string; value: File },
): Promise<MultipartAnswer<T>> {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  form.append(file.name, file.value, file.value.name)
  return postForm<T>(operationId, form)
}

async function postForm<T>(operationId: string, form: FormData): Promise<MultipartAnswer<T>> {
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
