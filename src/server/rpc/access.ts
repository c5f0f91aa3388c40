// The access check of every operation, from its x-access in the spec (DESIGN.md section 11).
// It runs before validation and before the handler; nothing here trusts the request body
// except fromCustomerId, which it checks.
import { timingSafeEqual } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { companyUsers } from '../db/schema-security.ts'
import type { AppServices } from '../app.ts'
import type { Session } from './handler-context.ts'
import { rpcFail, validationFailure, type FieldError, type Outcome } from './outcome.ts'
import { checkApiKeyAccess } from '../public-api/api-key-access.ts'

export interface AccessEntry {
  operationId: string
  access: string
}

/** Full access (2) on a customer: the customer itself, or an administrator acting for it. */
export const fullAccessRight = 2

function isId32(value: number): boolean {
  return Number.isInteger(value) && value >= 1 && value <= 2 ** 31 - 1
}

/**
 * The acting user's access right on a customer (product-spec section 4): full on their own
 * customer, full for administrators on everyone, and on a company the right company access
 * gave them (company_users); none anywhere else.
 */
export async function accessRightOn(db: Db, session: Session, customerId: number): Promise<number> {
  if (customerId === session.customerId) return fullAccessRight
  // Ids are 32-bit (schemas/id32): another number names nobody and must reach no query.
  if (!isId32(customerId)) return 0
  if (session.isAdmin) return fullAccessRight
  const [row] = await db
    .select({ accessRight: companyUsers.accessRight })
    .from(companyUsers)
    .where(
      and(eq(companyUsers.companyCustomerId, customerId), eq(companyUsers.userId, session.userId)),
    )
  return row?.accessRight ?? 0
}

export async function checkAccess(
  services: AppServices,
  entry: AccessEntry,
  session: Session | undefined,
  fromCustomerId: unknown,
  request: FastifyRequest,
): Promise<Outcome | undefined> {
  const access = entry.access
  if (access === 'public' || access === 'paymentSecret') return undefined
  if (access === 'internal') return checkInternalToken(services, request)
  if (access === 'apiKey') return checkApiKeyAccess(services.db, request)
  if (!session) return rpcFail('AU', 'Authentication is required.')
  if (access === 'admin' && !session.isAdmin) {
    return rpcFail('ENOA', 'This operation is for administrators.')
  }
  let actingCustomerId = session.customerId
  if (fromCustomerId !== undefined && fromCustomerId !== session.customerId) {
    if (typeof fromCustomerId !== 'number' || !Number.isInteger(fromCustomerId)) {
      return validationFailure([{ parameter: 'fromCustomerId', description: 'must be an id' }])
    }
    if ((await accessRightOn(services.db, session, fromCustomerId)) === 0) {
      return rpcFail('13', 'You have no access to this customer.')
    }
    actingCustomerId = fromCustomerId
  }
  if (access.startsWith('rights:')) {
    const allowed = access.slice('rights:'.length).split(',').map(Number)
    if (!allowed.includes(await accessRightOn(services.db, session, actingCustomerId))) {
      return rpcFail('13', 'Your access rights on this company do not allow this operation.')
    }
  }
  if (access.startsWith('permission:')) {
    const flag = access.slice('permission:'.length)
    const [row] = await services.db
      .select({ permissions: customers.permissions })
      .from(customers)
      .where(eq(customers.id, actingCustomerId))
    if (row?.permissions[flag] !== true) {
      return rpcFail('ENOA', 'This operation is not enabled for your account.')
    }
  }
  return undefined
}

/** Server-to-server calls carry the internal service token; none configured, none pass. */
function checkInternalToken(services: AppServices, request: FastifyRequest): Outcome | undefined {
  const expected = services.config.internalToken
  const given = request.headers['x-internal-token']
  if (
    expected &&
    typeof given === 'string' &&
    given.length === expected.length &&
    timingSafeEqual(Buffer.from(given), Buffer.from(expected))
  ) {
    return undefined
  }
  return rpcFail('ENOA', 'This operation is for internal services.')
}

/** REST paths answer a denial the REST way: 401 or 403 with a message. */
export function asRestDenial(outcome: Outcome, customerParameter = 'fromCustomerId'): Outcome {
  const body = outcome.body as { responseCode?: string; responseDescription?: string }
  if (body.responseCode === 'VF') {
    // The acting customer of a REST call comes from customerId (query or body) or
    // fromCustomerId; the VF names the one the caller sent.
    const errors = (outcome.body as { errors?: FieldError[] }).errors ?? []
    const named = errors.map((error) =>
      error.parameter === 'fromCustomerId' ? { ...error, parameter: customerParameter } : error,
    )
    return validationFailure(named, 400)
  }
  const status = body.responseCode === 'AU' ? 401 : 403
  return { status, body: { message: body.responseDescription ?? 'Access denied.' } }
}
