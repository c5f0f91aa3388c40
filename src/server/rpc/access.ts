// The access check of every operation, from its x-access in the spec (DESIGN.md section 11).
// It runs before validation and before the handler; nothing here trusts the request body
// except fromCustomerId, which it checks. Who may call what is data in the spec (x-access,
// carried into the generated operation table); no handler decides it again.
import { timingSafeEqual } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { companyUsers, securitySettings } from '../db/schema-security.ts'
import type { AppServices } from '../services.ts'
import type { Session } from '../auth/session.ts'
import {
  messageSourceIn,
  refusal,
  refusalsIn,
  restMessage,
  rpcFail,
  rpcRefuse,
  validationFailure,
  type Outcome,
} from './outcome.ts'
import { checkApiKeyAccess } from '../public-api/api-key-access.ts'
import { addressListed, whitelistEntries } from '../security/ip-whitelist.ts'
import { AccessRight } from '../../generated/constants.ts'
import type { CustomerGuards } from './request-guards.ts'

export interface AccessEntry {
  operationId: string
  access: string
  /** The access rights on the acting customer that may call it (x-access rights:N,...). */
  rights?: readonly number[]
  /** The acting customer's permission flag it needs (x-access ... permission:<flag>). */
  permission?: string
}

/** Full access (2) on a customer: the customer itself, or an administrator acting for it. */
export const fullAccessRight = AccessRight.Full

/**
 * The refusals of the access check, one text each, so that a client (and the generated
 * authorization test) can tell an access refusal from a handler's answer. Each body is made
 * once and shared: the dispatcher renders a copy in the reader's language (rpcRefuse). Only
 * an internal service reads notInternal, so it stays English.
 */
export const accessRefusals = {
  noSession: rpcRefuse('AU', 'answer.access.noSession'),
  notAdmin: rpcRefuse('ENOA', 'answer.access.notAdmin'),
  noCustomerAccess: rpcRefuse('13', 'answer.access.noCustomerAccess'),
  rightTooLow: rpcRefuse('13', 'answer.access.rightTooLow'),
  permissionOff: rpcRefuse('ENOA', 'answer.access.permissionOff'),
  customerBlocked: rpcRefuse('ENOA', 'answer.access.customerBlocked'),
  notInternal: rpcFail('ENOA', 'This operation is for internal services.'),
} as const

export type AccessDecision =
  | { denied: Outcome }
  /**
   * The customer the call acts for (fromCustomerId when allowed, else the session's own) and
   * the user's access right on it: 2 on their own customer, 0 without a session.
   */
  | { actingCustomerId: number | undefined; accessRight: number }

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
  if (!isId32(customerId)) return AccessRight.NoAccess
  if (session.isAdmin) return fullAccessRight
  const [row] = await db
    .select({ accessRight: companyUsers.accessRight })
    .from(companyUsers)
    .where(
      and(eq(companyUsers.companyCustomerId, customerId), eq(companyUsers.userId, session.userId)),
    )
  return row?.accessRight ?? AccessRight.NoAccess
}

export async function checkAccess(
  services: AppServices,
  entry: AccessEntry,
  session: Session | undefined,
  fromCustomerId: unknown,
  request: FastifyRequest,
): Promise<AccessDecision> {
  const access = entry.access
  // An open operation never acts for anyone but the caller, whatever the body names.
  if (access === 'public' || access === 'paymentSecret') return ownCustomer(session)
  if (access === 'internal') return decided(checkInternalToken(services, request), session)
  if (access === 'apiKey') return decided(await checkApiKeyAccess(services.db, request), session)
  if (!session) return { denied: accessRefusals.noSession }
  // A user's own things (devices, password, sign-ins) are theirs whoever they act for.
  if (access === 'user') return ownCustomer(session)
  if (access === 'admin' && !session.isAdmin) return { denied: accessRefusals.notAdmin }
  const acting = actingCustomerOf(session, fromCustomerId)
  if ('denied' in acting) return acting
  const facts = await customerFacts(services, entry, session, acting.actingCustomerId)
  if (facts.accessRight === AccessRight.NoAccess) return { denied: accessRefusals.noCustomerAccess }
  if (entry.rights && !entry.rights.includes(facts.accessRight)) {
    return { denied: accessRefusals.rightTooLow }
  }
  if (entry.permission && facts.permissions[entry.permission] !== true) {
    return { denied: accessRefusals.permissionOff }
  }
  // The acting customer's own settings bind every user acting for it (product-spec section
  // 6: "IP whitelist ... per-customer security settings"); the user's own customer was
  // checked with the session (auth/session-checks.ts).
  if (facts.blocked) return { denied: accessRefusals.customerBlocked }
  if (
    facts.whitelistEnabled &&
    acting.actingCustomerId !== session.customerId &&
    !addressListed(await whitelistEntries(services.db, acting.actingCustomerId), request.ip)
  ) {
    return { denied: rpcRefuse('ENOA', 'answer.auth.ipRefused', { ip: request.ip }) }
  }
  return { actingCustomerId: acting.actingCustomerId, accessRight: facts.accessRight }
}

function ownCustomer(session: Session | undefined): AccessDecision {
  return session
    ? { actingCustomerId: session.customerId, accessRight: fullAccessRight }
    : { actingCustomerId: undefined, accessRight: AccessRight.NoAccess }
}

function decided(outcome: Outcome | undefined, session: Session | undefined): AccessDecision {
  return outcome ? { denied: outcome } : ownCustomer(session)
}

function actingCustomerOf(
  session: Session,
  fromCustomerId: unknown,
): { denied: Outcome } | { actingCustomerId: number } {
  if (fromCustomerId === undefined || fromCustomerId === session.customerId) {
    return { actingCustomerId: session.customerId }
  }
  if (typeof fromCustomerId !== 'number' || !Number.isInteger(fromCustomerId)) {
    return {
      denied: validationFailure([refusal('fromCustomerId', 'refusal.request.notAnId')]),
    }
  }
  // Ids are 32-bit (schemas/id32): another number names nobody and must reach no query.
  if (!isId32(fromCustomerId)) return { denied: accessRefusals.noCustomerAccess }
  return { actingCustomerId: fromCustomerId }
}

interface ActingCustomerFacts {
  accessRight: number
  permissions: Record<string, boolean>
  blocked: boolean
  whitelistEnabled: boolean
}

/**
 * The user's own customer, the common case, is known to the request guards cache; a refusal
 * on what it holds (blocked, a permission off) is confirmed by the database (request-guards.ts).
 */
async function customerFacts(
  services: AppServices,
  entry: AccessEntry,
  session: Session,
  customerId: number,
): Promise<ActingCustomerFacts> {
  if (customerId !== session.customerId)
    return actingCustomerFacts(services.db, session, customerId)
  const cached = ownCustomerFacts(await services.guards.customer(customerId))
  const refused =
    cached.blocked || (entry.permission && cached.permissions[entry.permission] !== true)
  if (!refused) return cached
  return ownCustomerFacts(await services.guards.customer(customerId, true))
}

function ownCustomerFacts(guards: CustomerGuards): ActingCustomerFacts {
  return {
    accessRight: guards.exists ? fullAccessRight : AccessRight.NoAccess,
    permissions: guards.permissions,
    blocked: guards.blocked,
    whitelistEnabled: guards.whitelistEnabled,
  }
}

/** Everything the check needs of the acting customer, in one round trip. */
async function actingCustomerFacts(
  db: Db,
  session: Session,
  customerId: number,
): Promise<ActingCustomerFacts> {
  const [row] = await db
    .select({
      grantedRight: companyUsers.accessRight,
      permissions: customers.permissions,
      blocked: sql<boolean>`${customers.blockedAt} is not null`,
      whitelistEnabled: securitySettings.ipWhitelistEnabled,
    })
    .from(customers)
    .leftJoin(securitySettings, eq(securitySettings.customerId, customers.id))
    .leftJoin(
      companyUsers,
      and(
        eq(companyUsers.companyCustomerId, customers.id),
        eq(companyUsers.userId, session.userId),
      ),
    )
    .where(eq(customers.id, customerId))
  if (!row)
    return {
      accessRight: AccessRight.NoAccess,
      permissions: {},
      blocked: false,
      whitelistEnabled: false,
    }
  const full = customerId === session.customerId || session.isAdmin
  return {
    accessRight: full ? fullAccessRight : (row.grantedRight ?? AccessRight.NoAccess),
    permissions: row.permissions,
    blocked: row.blocked,
    whitelistEnabled: row.whitelistEnabled ?? false,
  }
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
  return accessRefusals.notInternal
}

/** REST paths answer a denial the REST way: 401 or 403 with a message. */
export function asRestDenial(outcome: Outcome, customerParameter = 'fromCustomerId'): Outcome {
  const body = outcome.body as { responseCode?: string; responseDescription?: string }
  if (body.responseCode === 'VF') {
    // The acting customer of a REST call comes from customerId (query or body) or
    // fromCustomerId; the VF names the one the caller sent.
    const errors = refusalsIn(outcome) ?? []
    const named = errors.map((error) =>
      error.parameter === 'fromCustomerId' ? { ...error, parameter: customerParameter } : error,
    )
    return validationFailure(named, 400)
  }
  const status = body.responseCode === 'AU' ? 401 : 403
  // The text keeps its key, so the dispatcher renders it in the reader's language.
  const source = messageSourceIn(outcome)
  if (source) return restMessage(status, source.key, source.params)
  return { status, body: { message: body.responseDescription ?? 'Access denied.' } }
}
