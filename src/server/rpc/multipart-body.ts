// Turns a multipart request into the body its schema describes: JSON parts (a property the
// schema types as object or array, like the product's "data JSON plus file") are parsed,
// file parts become {filename, mimetype, size, data}. Files are read into memory within the
// size limit registered in app.ts; content checks by type belong to the handler.
import type { FastifyRequest } from 'fastify'
import type { Multipart, MultipartFile } from '@fastify/multipart'

export interface UploadedFile {
  filename: string
  mimetype: string
  size: number
  data: Buffer
}

type Part = Multipart | Multipart[]
type PropertySchema = { type?: string; items?: PropertySchema }

export async function multipartBody(
  request: FastifyRequest,
  properties: Record<string, PropertySchema>,
): Promise<Record<string, unknown> | { invalidJson: string }> {
  const raw = (request.body ?? {}) as Record<string, Part>
  const body: Record<string, unknown> = {}
  for (const [name, part] of Object.entries(raw)) {
    const schema = properties[name] ?? {}
    const parts = Array.isArray(part) ? part : [part]
    const values: unknown[] = []
    for (const item of parts) {
      if (item.type === 'file') {
        const data = await (item as MultipartFile).toBuffer()
        values.push({ filename: item.filename, mimetype: item.mimetype, size: data.length, data })
      } else if (
        schema.type === 'object' ||
        (schema.type === 'array' && schema.items?.type !== 'string')
      ) {
        try {
          values.push(JSON.parse(String(item.value)))
        } catch {
          return { invalidJson: name }
        }
      } else {
        values.push(item.value)
      }
    }
    body[name] = schema.type === 'array' && !Array.isArray(values[0]) ? values : values[0]
  }
  return body
}
