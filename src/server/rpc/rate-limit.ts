// Per-client rate limits, read from the spec's x-rate-limit (spec/README.md, Rate limits) and
// checked before the dispatcher, for an operation's own route and for the legacy /api form
// alike. The counters live in the database (rate_limit_counters), so every instance sharing
// it counts the same requests, and one atomic upsert counts each request, so requests sent
// together are counted one by one. Handlers use countHit for limits of their own (texts to
// one number).
import { sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import * as validators from '../../generated/validators.js'
import type { ValidateFunction } from '../../generated/validators.js'
import { ResponseCode } from '../../generated/constants.ts'
import type { Db } from '../db/open-database.ts'
import { rateLimitCounters } from '../db/schema-rate-limits.ts'
import spec from '../../generated/spec.json' with { type: 'json' }
import type { operations as operationTable } from '../../generated/operations.ts'
import {
  type AnswerKey,
  type Outcome,
  refusal,
  type RefusalParams,
  restMessage,
  rpcRefuse,
  validationFailure,
} from './outcome.ts'
import { requestTextErrors } from './text-input.ts'

/**
 * An operation of the generated table, as dispatch.ts names it; declared here because the
 * handlers dispatch.ts imports use this file, and importing it back would close a cycle.
 */
type OperationEntry = (typeof operationTable)[number]

export interface RateLimit {
  perClient: number
  windowSeconds: number
}

export interface Hit {
  allowed: boolean
  /** Seconds until the window ends and the client may call again (at least 1). */
  retryAfterSeconds: number
}

/** Counters whose window ended this long ago are deleted; no window is longer. */
const staleAfterSeconds = 86_400

/**
 * Counts one request of key in scope and says whether it is within the limit. The window
 * starts at the first request counted in it; a request over the limit is counted too.
 */
export async function countHit(db: Db, scope: string, key: string, limit: RateLimit): Promise<Hit> {
  const t = rateLimitCounters
  const ended = sql`${t.windowStart} <= now() - make_interval(secs => ${limit.windowSeconds})`
  const windowEnd = sql`${t.windowStart} + make_interval(secs => ${limit.windowSeconds})`
  const [row] = await db
    .insert(t)
    .values({ scope, clientKey: key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: [t.scope, t.clientKey],
      set: {
        hits: sql`case when ${ended} then 1 else ${t.hits} + 1 end`,
        windowStart: sql`case when ${ended} then now() else ${t.windowStart} end`,
      },
    })
    .returning({
      hits: t.hits,
      retryAfterSeconds: sql<number>`ceil(extract(epoch from ${windowEnd} - now()))::int`,
    })
  if (!row) throw new Error('assertion: an upsert returns its row')
  if (row.hits === 1) {
    await db.execute(
      sql`delete from ${t} where ${t.windowStart} < now() - make_interval(secs => ${staleAfterSeconds})`,
    )
  }
  return {
    allowed: row.hits <= limit.perClient,
    retryAfterSeconds: Math.max(1, Number(row.retryAfterSeconds)),
  }
}

/**
 * The 429 of a limited operation when this client is over its limit, or undefined. A request
 * the dispatcher would refuse as invalid is not counted: it reaches no handler, so it checks
 * no password and sends nothing (and the conformance suite's invalid bodies change nothing).
 * A limited operation with a JSON body takes JSON only, since a multipart body cannot be
 * judged before the dispatcher reads it.
 */
export async function rateLimitRefusal(
  db: Db,
  entry: OperationEntry,
  request: FastifyRequest,
  factor = 1,
): Promise<Outcome | undefined> {
  if (!('rateLimit' in entry)) return undefined
  if (request.isMultipart() && !takesMultipart(entry)) {
    const jsonOnly = refusal('body', 'refusal.request.jsonOnly')
    return validationFailure([jsonOnly], entry.kind === 'rpc' ? 200 : 400)
  }
  if (!reachesHandler(entry, request)) return undefined
  const limit = { ...entry.rateLimit, perClient: entry.rateLimit.perClient * factor }
  const hit = await countHit(db, entry.operationId, clientKeyOf(request.ip), limit)
  return hit.allowed ? undefined : tooManyRequests(entry.kind, hit.retryAfterSeconds)
}

/** HTTP 429 with Retry-After; an RPC answer keeps its envelope (TA1, as other refusals). */
export function tooManyRequests(kind: 'rpc' | 'rest', retryAfterSeconds: number): Outcome {
  const headers = { 'retry-after': String(retryAfterSeconds) }
  // A text of the catalogue, so the caller reads it in the request's language (issue 16).
  const { key, params } = waitText(retryAfterSeconds)
  const failure =
    kind === 'rest'
      ? restMessage(429, key, params, { retryAfterSeconds })
      : rpcRefuse(ResponseCode.InvalidParams, key, params, { retryAfterSeconds })
  return { ...failure, status: 429, headers }
}

/** How long to wait, as a text: seconds under two minutes, else whole minutes. */
function waitText(seconds: number): { key: AnswerKey; params: RefusalParams } {
  if (seconds === 1) return { key: 'answer.rateLimit.oneSecond', params: {} }
  if (seconds < 120) return { key: 'answer.rateLimit.seconds', params: { seconds } }
  return { key: 'answer.rateLimit.minutes', params: { minutes: Math.ceil(seconds / 60) } }
}

/**
 * Who is counted: the client's address, an IPv4-mapped IPv6 one as IPv4, and an IPv6 one by
 * its /64, since one subscriber usually holds a whole /64. Behind a proxy this is the proxy
 * unless TRUST_PROXY is set (README.md).
 */
export function clientKeyOf(ip: string): string {
  const mapped = /^::ffff:([0-9.]+)$/i.exec(ip)
  if (mapped?.[1]) return mapped[1]
  if (!ip.includes(':')) return ip
  const [head = '', tail] = (ip.split('%')[0] ?? '').toLowerCase().split('::')
  const left = head === '' ? [] : head.split(':')
  const right = tail === undefined || tail === '' ? [] : tail.split(':')
  const zeros = tail === undefined ? 0 : Math.max(0, 8 - left.length - right.length)
  const groups = [...left, ...Array<string>(zeros).fill('0'), ...right]
  const prefix = groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, ''))
  return `${prefix.join(':')}::/64`
}

/** The legacy envelope keys the dispatcher removes before validation (spec/README.md). */
const envelopeKeys = ['method', 'lang', 'fromEmail', 'authSecret', 'fromCustomerId']
const validatorTable = validators as unknown as Record<string, ValidateFunction | undefined>

/**
 * Whether the dispatcher's validation would pass the body on. Removing every envelope key
 * can only make more bodies pass, so a request is never left uncounted by this check.
 */
function reachesHandler(entry: OperationEntry, request: FastifyRequest): boolean {
  if (request.isMultipart()) return true
  const raw: unknown = request.body === undefined ? {} : request.body
  if (requestTextErrors(request, raw).length > 0) return false
  const validate = validatorTable[`request_${entry.operationId}`]
  if (!validate) return true
  const isObject = typeof raw === 'object' && raw !== null && !Array.isArray(raw)
  if (entry.kind !== 'rpc' || !isObject) return validate(raw)
  const payload = { ...(raw as Record<string, unknown>) }
  for (const key of envelopeKeys) delete payload[key]
  return validate(payload)
}

function takesMultipart(entry: OperationEntry): boolean {
  const paths = spec.paths as Record<string, Record<string, unknown>>
  const operation = paths[entry.path]?.[entry.method.toLowerCase()] as
    { requestBody?: { content?: Record<string, unknown> } } | undefined
  return operation?.requestBody?.content?.['multipart/form-data'] !== undefined
}
