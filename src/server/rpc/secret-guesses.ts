// Guessing a payment's secret (issue 16, docs/decisions.md "Success texts in the reader's
// language (issue 16)"): the operations whose x-access is paymentSecret are open to anyone
// holding a /receive link, so a client address that sent secretGuessLimit.perClient wrong
// secrets in its window gets 429 on every such operation until the window ends, a right
// secret included (else a right guess would still be told apart). A right secret and a body
// the dispatcher refuses are not counted. The counter is the rate limits' own
// (rate_limit_counters), so every instance sharing the database counts the same guesses.
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { rateLimitCounters } from '../db/schema-rate-limits.ts'
import { refusalsIn, type Outcome } from './outcome.ts'
import { clientKeyOf, countHit, tooManyRequests, type RateLimit } from './rate-limit.ts'

/** Thirty wrong secrets per client address in 15 minutes (RATE_LIMIT_FACTOR multiplies it). */
export const secretGuessLimit: RateLimit = { perClient: 30, windowSeconds: 900 }

const scope = 'paymentSecret:wrong'

/** The refusal a handler answers for a secret that names no live payment. */
const unknownSecretKey = 'refusal.globalPay.unknownLink'

/** What the guard needs of an operation and of the request. */
interface Guarded {
  access: string
  ip: string
  /** RATE_LIMIT_FACTOR. */
  factor: number
}

/**
 * Runs an operation's handler behind the guard: 429 (TA1, with Retry-After) while the client
 * is over the limit, else the handler's answer, counted when it refuses the secret as unknown.
 * Any other operation runs as it is.
 */
export async function guardedBySecret(
  db: Db,
  guarded: Guarded,
  run: () => Promise<Outcome>,
): Promise<Outcome> {
  if (guarded.access !== 'paymentSecret') return run()
  const limit = { ...secretGuessLimit, perClient: secretGuessLimit.perClient * guarded.factor }
  const clientKey = clientKeyOf(guarded.ip)
  const waitSeconds = await secondsBlocked(db, clientKey, limit)
  if (waitSeconds !== undefined) return tooManyRequests('rpc', waitSeconds)
  const outcome = await run()
  if (isUnknownSecret(outcome)) await countHit(db, scope, clientKey, limit)
  return outcome
}

/** Whether an answer says the secret names no payment: the one refusal of a wrong guess. */
export function isUnknownSecret(outcome: Outcome): boolean {
  const refusals = refusalsIn(outcome) ?? []
  return refusals.some((r) => r.parameter === 'paymentSecret' && r.text.key === unknownSecretKey)
}

/**
 * The seconds until the client's window ends when it has used up its wrong guesses, else
 * undefined. It reads the counter without counting: only a wrong secret counts.
 */
async function secondsBlocked(
  db: Db,
  clientKey: string,
  limit: RateLimit,
): Promise<number | undefined> {
  const t = rateLimitCounters
  const windowEnd = sql`${t.windowStart} + make_interval(secs => ${limit.windowSeconds})`
  const [row] = await db
    .select({
      hits: t.hits,
      retryAfterSeconds: sql<number>`ceil(extract(epoch from ${windowEnd} - now()))::int`,
    })
    .from(t)
    .where(and(eq(t.scope, scope), eq(t.clientKey, clientKey), sql`${windowEnd} > now()`))
  if (!row || row.hits < limit.perClient) return undefined
  return Math.max(1, Number(row.retryAfterSeconds))
}
