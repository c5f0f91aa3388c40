// Registers one route per operation of the bundled spec, and the legacy /api?method= form.
// No route is written by hand (DESIGN.md section 4).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance, FastifyRequest, HTTPMethods } from 'fastify'
import { operations } from '../../generated/operations.ts'
import type { AppServices } from '../services.ts'
import { dispatch, refusalLanguage, send, type OperationEntry } from './dispatch.ts'
import { inReaderLanguage, rpcFail } from './outcome.ts'
import { rateLimitRefusal } from './rate-limit.ts'
import type { RouteAnswers } from '../security-headers.ts'

/** OpenAPI's /a/{id} becomes Fastify's /a/:id. */
function fastifyPath(path: string): string {
  return path.replace(/\{([^}]+)\}/g, ':$1')
}

/**
 * A signed-in REST read whose answer is JSON: a browser's page navigation never carries the
 * caller's token, so it could only ever answer 401. When the portal has a page at the same
 * address (/company), reloading that page must show the page (serve-portal.ts).
 */
function isPageOnNavigation(entry: OperationEntry): boolean {
  const signedIn =
    entry.access === 'user' || entry.access === 'admin' || entry.access.startsWith('rights:')
  return entry.kind === 'rest' && entry.method === 'GET' && entry.jsonOnly && signedIn
}

export function registerRoutes(app: FastifyInstance, services: AppServices): void {
  // A client over an operation's x-rate-limit gets 429 before the dispatcher does any work.
  // Its refusal reads in the request's language, as the dispatcher's do.
  const limitedDispatch = async (entry: OperationEntry, request: FastifyRequest) => {
    const limited = await rateLimitRefusal(
      services.db,
      entry,
      request,
      services.config.rateLimitFactor,
    )
    if (limited) return inReaderLanguage(limited, refusalLanguage(request))
    return dispatch(services, entry, request)
  }
  const rpcById = new Map<string, OperationEntry>()
  for (const entry of operations) {
    if (entry.kind === 'rpc') rpcById.set(entry.operationId, entry)
    app.route({
      method: entry.method as HTTPMethods,
      url: fastifyPath(entry.path),
      config: {
        jsonApi: entry.jsonOnly,
        pageOnNavigation: isPageOnNavigation(entry),
      } satisfies RouteAnswers,
      handler: async (request, reply) => send(reply, await limitedDispatch(entry, request)),
    })
  }

  // The product's legacy form: POST /api?method=X with {method, lang, ...payload}.
  app.post('/api', { config: { jsonApi: true } satisfies RouteAnswers }, async (request, reply) => {
    const query = request.query as Record<string, unknown>
    const body = request.body as Record<string, unknown> | undefined
    const method = String(query.method ?? body?.method ?? '')
    const entry = rpcById.get(method)
    if (!entry) return send(reply, { ...rpcFail('IM', `Unknown method "${method}".`), status: 404 })
    return send(reply, await limitedDispatch(entry, request))
  })

  // The API reference, generated from the same spec, for merchants and developers.
  const generated = join(import.meta.dirname, '../../generated')
  const referenceHtml = readFileSync(join(generated, 'api-docs.html'), 'utf8')
  const specJson = readFileSync(join(generated, 'spec.json'), 'utf8')
  app.get('/api/docs', async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(referenceHtml),
  )
  app.get('/api/docs/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(specJson),
  )

  app.post(
    '/rpc/:method',
    { config: { jsonApi: true } satisfies RouteAnswers },
    async (request, reply) => {
      const { method } = request.params as { method: string }
      return send(reply, { ...rpcFail('IM', `Unknown method "${method}".`), status: 404 })
    },
  )
}
