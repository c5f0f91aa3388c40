// One log line per request (issue 15, DESIGN.md section 11): the request id (pino's reqId,
// also sent back as x-request-id), the operation, the HTTP status, the answer's response code
// and the duration. Nothing the caller wrote is logged - no URL (a path or a query may be a
// credential: a download link, an identity-check token), no header, no body - so tokens,
// passwords, codes, PINs, secrets and card numbers cannot reach the log by this line.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { operationOf } from './error-log.ts'

const responseCodes = new WeakMap<FastifyRequest, string>()

/** The answer's responseCode, when it has one (dispatch.ts send). */
export function noteResponseCode(request: FastifyRequest, code: unknown): void {
  if (typeof code === 'string' && /^[A-Z0-9]{1,8}$/.test(code)) responseCodes.set(request, code)
}

/** A new id for every request: unique across instances, unlike Fastify's counter. */
export const requestId = () => randomUUID()

export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id)
    done()
  })
  // Callback hooks, not async ones: they run on every request.
  app.addHook('onResponse', (request, reply, done) => {
    request.log.info(
      {
        operation: operationOf(request),
        method: request.method,
        status: reply.statusCode,
        responseCode: responseCodes.get(request),
        durationMs: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request completed',
    )
    done()
  })
}
