// The `apiKey` access of x-access (spec/README.md): a merchant's server calls the public API
// with an API key in `x-api-key`. An unknown or disabled key is 401; a caller outside the
// key owner's enabled allowed-IP ranges, when the owner has any, is 403. Every call, allowed
// or refused, is written to the API request log under its key (product-spec section 3).
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/open-database.ts'
import { allowedIps, apiKeys, apiRequests } from '../db/schema-public-api.ts'
import type { Handler, HandlerContext } from '../rpc/handler-context.ts'
import {
  rpcFail,
  type Answer,
  type Failure,
  type OperationId,
  type Outcome,
} from '../rpc/outcome.ts'
import { findApiKey } from './api-keys.ts'
import { inAnyRange } from './ip-ranges.ts'

/** Who is calling, once the key and address were accepted. */
export interface ApiCaller {
  apiKeyId: number
  customerId: number
  method: string
  path: string
  ip: string
  startedAt: number
}

/**
 * The accepted caller of a request, until its handler runs. The dispatcher hands handlers
 * the request's query object itself (context.query), so it links the two; a proper
 * `apiCaller` field on HandlerContext would replace this (see decisions.md).
 */
const callers = new WeakMap<object, ApiCaller>()

export async function checkApiKeyAccess(
  db: Db,
  request: FastifyRequest,
): Promise<Outcome | undefined> {
  const startedAt = performance.now()
  const call = { method: request.method, path: request.url.split('?')[0] ?? '', ip: request.ip }
  const presented = request.headers['x-api-key']
  const key = typeof presented === 'string' ? await findApiKey(db, presented) : undefined
  const refuse = async (statusCode: 401 | 403, outcome: Outcome) => {
    await logApiRequest(db, {
      ...call,
      apiKeyId: key?.id ?? null,
      customerId: key?.customerId ?? null,
      statusCode,
      durationMs: Math.round(performance.now() - startedAt),
    })
    return outcome
  }
  if (!key) return refuse(401, rpcFail('AU', 'A valid API key is required in x-api-key.'))
  if (!key.enabled) return refuse(401, rpcFail('AU', 'This API key is disabled.'))
  const ranges = await db
    .select({ ipFrom: allowedIps.ipFrom, ipTo: allowedIps.ipTo })
    .from(allowedIps)
    .where(and(eq(allowedIps.customerId, key.customerId), eq(allowedIps.enabled, true)))
  if (ranges.length > 0 && !inAnyRange(call.ip, ranges)) {
    return refuse(403, rpcFail('13', `Calls from ${call.ip} are not allowed for this API key.`))
  }
  await db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, key.id))
  if (request.query !== null && typeof request.query === 'object') {
    callers.set(request.query, { ...call, apiKeyId: key.id, customerId: key.customerId, startedAt })
  }
  return undefined
}

interface ApiRequestEntry {
  apiKeyId: number | null
  customerId: number | null
  method: string
  path: string
  ip: string
  statusCode: number
  durationMs: number
}

async function logApiRequest(db: Db, entry: ApiRequestEntry): Promise<void> {
  await db.insert(apiRequests).values(entry)
}

type ApiHandler<Op extends OperationId> = (
  context: HandlerContext<Op>,
  caller: ApiCaller,
) => Promise<Answer<Op> | Failure>

/**
 * A public-API handler: runs with the accepted caller and logs the answer it gives. The
 * dispatcher ran access (and would have answered 401/403) before this.
 */
export function publicApiHandler<Op extends OperationId>(run: ApiHandler<Op>): Handler<Op> {
  return async (context) => {
    const caller = callers.get(context.query)
    if (!caller) throw new Error('assertion: a public-API handler ran without an accepted key')
    callers.delete(context.query)
    let statusCode = 500
    try {
      const outcome = await run(context, caller)
      statusCode = outcome.status
      return outcome
    } finally {
      await logApiRequest(context.db, {
        apiKeyId: caller.apiKeyId,
        customerId: caller.customerId,
        method: caller.method,
        path: caller.path,
        ip: caller.ip,
        statusCode,
        durationMs: Math.round(performance.now() - caller.startedAt),
      })
    }
  }
}
