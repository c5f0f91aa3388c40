// What the public-api handlers share: limits per merchant, the REST answers for a missing
// record or a refused change, the date window of the list filters, and where merchants' URLs
// may point.
import { count, eq, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/open-database.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import {
  type Failure,
  type FieldError,
  refusal,
  restFailure,
  validationFailure,
} from '../rpc/outcome.ts'

/** Per merchant; enough for every integration we know of, small enough to list at once. */
export const recordLimits = { webhooks: 20, apiKeys: 20, allowedIps: 50 }

export function notFound(what: string): Failure {
  return restFailure(404, { message: `${what} was not found.` })
}

export function unprocessable(message: string): Failure {
  return restFailure(422, { message })
}

/** REST answers a VF with HTTP 400 (decisions.md), errors included for the popup. */
export function invalidInput(errors: FieldError[]): Failure {
  return validationFailure(errors, 400)
}

/** fromDate and toDate as a half-open interval of instants (UTC days, toDate included). */
export function dateWindow(
  fromDate: string | undefined,
  toDate: string | undefined,
  errors: FieldError[],
): { from?: Date; before?: Date } {
  if (fromDate !== undefined && toDate !== undefined && toDate < fromDate) {
    errors.push(refusal('toDate', 'refusal.common.beforeStartDate'))
  }
  return {
    ...(fromDate !== undefined ? { from: new Date(`${fromDate}T00:00:00Z`) } : {}),
    ...(toDate !== undefined
      ? { before: new Date(new Date(`${toDate}T00:00:00Z`).getTime() + 86_400_000) }
      : {}),
  }
}

export async function countOwned(
  db: Db,
  table: PgTable & { customerId: PgColumn },
  customerId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(table)
    .where(eq(table.customerId, customerId) as SQL)
  return row?.n ?? 0
}

/** A unique index refused the row (PostgreSQL 23505), on either driver. */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  // Drizzle wraps the driver's error in its own, with the original as the cause.
  for (let depth = 0; depth < 5 && isRecord(current); depth++) {
    if (current.code === '23505') return true
    current = current.cause
  }
  return false
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}

/**
 * Whether merchants' URLs may point at loopback and private networks. Only in demo mode,
 * where everything runs on one machine (DESIGN.md section 8) and a local receiver is the
 * way to try webhooks; a production server (DEMO=false) refuses them (SSRF).
 */
export function privateNetworksAllowed(context: HandlerContext): boolean {
  return context.config.demo
}

/** The {id} of a REST path when it is an id (the dispatcher does not check path parameters). */
export function pathId(context: HandlerContext): number | undefined {
  const raw = context.params.id
  if (raw === undefined || !/^[1-9][0-9]{0,9}$/.test(raw)) return undefined
  const id = Number(raw)
  return id <= 2 ** 31 - 1 ? id : undefined
}
