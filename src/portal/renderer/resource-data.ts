// The data work of a rendered resource screen, apart from its React parts: a row's fields
// mapped to an operation's parameters, a field of an answer by its path, files in and out,
// and filters handed over in the address.
import { dataURItoBlob } from '@rjsf/utils'
import type { Json, Mapping, Schema } from './screens-data.ts'

export type Row = Record<string, Json>

export function mapped(row: Row, mapping: Mapping | undefined): Record<string, Json> {
  return Object.fromEntries(
    Object.entries(mapping ?? {}).map(([to, from]) => [to, row[from] ?? null]),
  )
}

/** A field of an answer by its dotted path ("batchTransfer.transfer"). */
export function valueAt(body: Record<string, Json>, path: string): Json | undefined {
  return path
    .split('.')
    .reduce<Json | undefined>(
      (node, part) =>
        node !== null && typeof node === 'object' && !Array.isArray(node) ? node[part] : undefined,
      body,
    )
}

/** Saves a file a JSON answer carries as base64 (fileName, mimeType, content). */
export function saveBase64File(body: Record<string, Json>, fallbackName: string): boolean {
  if (typeof body.content !== 'string') return false
  const bytes = Uint8Array.from(atob(body.content), (char) => char.charCodeAt(0))
  const type = typeof body.mimeType === 'string' ? body.mimeType : 'application/octet-stream'
  const url = URL.createObjectURL(new Blob([bytes], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = typeof body.fileName === 'string' && body.fileName ? body.fileName : fallbackName
  link.click()
  URL.revokeObjectURL(url)
  return true
}

/** A multipart body: file fields (data URLs) become file parts, the rest JSON or text parts. */
export function multipartForm(payload: Record<string, Json>, files: string[]): FormData {
  const form = new FormData()
  for (const [name, value] of Object.entries(payload)) {
    if (value === null || value === undefined) continue
    if (files.includes(name)) {
      for (const url of Array.isArray(value) ? value : [value]) {
        const { blob, name: fileName } = dataURItoBlob(String(url))
        form.append(name, blob, fileName)
      }
    } else form.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value))
  }
  return form
}

/**
 * Filters given in the address (a link action of another screen opened this one), typed by
 * the filter form's schema: "?subscriberId=7" filters by the number 7.
 */
export function filtersFromQuery(search: string, names: string[], schema: Schema | undefined) {
  const query = new URLSearchParams(search)
  const properties = (schema?.properties ?? {}) as Record<string, Schema>
  const out: Record<string, Json> = {}
  for (const name of names) {
    const value = query.get(name)
    if (value === null || value === '') continue
    const type = properties[name]?.type
    const number = Number(value)
    out[name] =
      (type === 'integer' || type === 'number') && Number.isFinite(number) ? number : value
  }
  return out
}
