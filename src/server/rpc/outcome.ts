// What a handler returns: an HTTP status and a body. Expected failures are values with a
// response code from the catalogue (STYLE.md habit 3); only programmer errors throw.
import { ResponseCode } from '../../generated/constants.ts'

export interface Outcome {
  status: number
  /** JSON, or the bytes of a file answer (fileReply). */
  body: unknown
  /** Extra response headers (a file's type and content-disposition). */
  headers?: Record<string, string>
}

export interface FieldError {
  parameter: string
  description: string
}

/** A successful RPC answer: `00` plus the operation's data. */
export function rpcOk(data: Record<string, unknown> = {}): Outcome {
  return { status: 200, body: { responseCode: ResponseCode.Success, ...data } }
}

/** A failed RPC answer with a code of the catalogue; AU travels as HTTP 401 (decisions.md). */
export function rpcFail(
  code: Exclude<ResponseCode, '00'>,
  description: string,
  extra: Record<string, unknown> = {},
): Outcome {
  const status = code === ResponseCode.AuthenticationError ? 401 : 200
  return { status, body: { responseCode: code, responseDescription: description, ...extra } }
}

export function validationFailure(errors: FieldError[], status = 200): Outcome {
  return {
    status,
    body: {
      responseCode: ResponseCode.VerifyError,
      responseDescription: errors.map((e) => `${e.parameter}: ${e.description}`).join(', '),
      errors,
    },
  }
}

/** A REST answer (token service and other REST paths). */
export function reply(status: number, body: unknown = undefined): Outcome {
  return { status, body }
}

/** A refused token-service step: HTTP 403 with a message (product-spec section 8). */
export function refused(message: string): Outcome {
  return { status: 403, body: { message } }
}

/** A file answer: raw bytes with their media type, offered as a download named fileName. */
export function fileReply(bytes: Uint8Array, contentType: string, fileName: string): Outcome {
  const safeName = fileName.replace(/[^A-Za-z0-9._-]/g, '_')
  return {
    status: 200,
    body: bytes,
    headers: {
      'content-type': contentType,
      'content-disposition': `attachment; filename="${safeName}"`,
      // A customer's document: no shared cache may keep a copy.
      'cache-control': 'no-store',
    },
  }
}
