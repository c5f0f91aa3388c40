// Turns a multipart request into the body its schema describes: JSON parts (a property the
// schema types as object or array, like the product's "data JSON plus file") are parsed,
// file parts become {filename, mimetype, size, data}. Files are read into memory within the
// size limit registered in app.ts; content checks by type belong to the handler.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart'
import type { FieldError, RefusalKey } from './outcome.ts'
import { refusal } from './outcome.ts'

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
        values.push(scalarPart(schema, item.value))
      }
    }
    body[name] = schema.type === 'array' && !Array.isArray(values[0]) ? values : values[0]
  }
  return body
}

/**
 * A form part is text: an integer or boolean property (an id, a flag) arrives as its digits or
 * as true/false and becomes the value its schema types; anything else stays text and fails
 * validation as it is.
 */
function scalarPart(schema: PropertySchema, value: unknown): unknown {
  if (typeof value !== 'string') return value
  if (schema.type === 'integer' && /^-?[0-9]{1,15}$/.test(value)) return Number(value)
  if (schema.type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true'
  return value
}

/** Requests whose parts are being read, and those whose parts were all read. */
const reading = new WeakSet<FastifyRequest>()
const read = new WeakSet<FastifyRequest>()

/**
 * @fastify/multipart reads every part in a preValidation hook (attachFieldsToBody), where a
 * truncated body or a missing boundary throws busboy's plain Error, with no status. Two hooks
 * around the plugin's own mark a request whose parts were being read when it failed, so the
 * error handler answers VF for the client's broken body and keeps the 500 for real faults.
 */
export async function registerMultipart(
  app: FastifyInstance,
  limits: { fileSize: number; files: number; fields: number },
): Promise<void> {
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) reading.add(request)
  })
  await app.register(multipart, { attachFieldsToBody: true, limits })
  app.addHook('preValidation', async (request) => {
    if (request.isMultipart()) read.add(request)
  })
}

/** What the plugin's own errors mean to the client. */
const pluginErrors: Record<string, RefusalKey> = {
  FST_PARTS_LIMIT: 'refusal.request.tooManyParts',
  FST_FILES_LIMIT: 'refusal.request.tooManyFiles',
  FST_FIELDS_LIMIT: 'refusal.request.tooManyFields',
  FST_REQ_FILE_TOO_LARGE: 'refusal.request.fileTooLarge',
  FST_INVALID_JSON_FIELD_ERROR: 'refusal.request.invalidJsonPart',
  FST_PROTO_VIOLATION: 'refusal.request.protoPart',
  FST_MP_PREMATURE_CLOSE: 'refusal.request.prematureClose',
}

/** The VF field error of a multipart body that could not be read; undefined for other errors. */
export function multipartReadFailure(
  request: FastifyRequest,
  error: { code?: unknown; statusCode?: number },
): FieldError | undefined {
  const known = typeof error.code === 'string' ? pluginErrors[error.code] : undefined
  if (known) return refusal('body', known)
  const whileReading = reading.has(request) && !read.has(request)
  if (whileReading && error.statusCode === undefined) {
    return refusal('body', 'refusal.request.notMultipart')
  }
  return undefined
}
