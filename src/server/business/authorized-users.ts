// The authorized users of a business (product-spec sections 1, 4 and 6): every login that may
// act for it, with its right, its positions and whether it has activated its account. An
// account is activated once one of its activation codes was used; a login without any
// activation code was made before codes existed (the demo's) and counts as activated.
import { and, desc, inArray } from 'drizzle-orm'
import type { components } from '../../generated/api.d.ts'
import type { Db } from '../db/open-database.ts'
import { accountCodes } from '../db/schema-auth.ts'
import type { CodePurpose } from '../activation/account-codes.ts'
import type { CompanyLogin, CompanyRecords } from './company-records.ts'
import type { RefusalKey } from '../rpc/outcome.ts'

type AuthorizedUser = components['schemas']['AuthorizedUser']

/** The VF description of a user id that is no login of the acting business. */
export const notAUser: RefusalKey = 'refusal.common.notAUserOfCompany'

const activationPurposes: CodePurpose[] = ['activation', 'activationBusiness', 'activationEmployee']

export interface ActivationState {
  isActivated: boolean
  /** The purpose and time of the newest activation code of a login not activated yet. */
  pending?: { purpose: CodePurpose; createdAt: Date }
}

/** user id -> whether the login has activated its account, and its newest code if not. */
export async function activationStates(
  db: Db,
  userIds: readonly number[],
): Promise<Map<number, ActivationState>> {
  const states = new Map<number, ActivationState>(
    userIds.map((userId) => [userId, { isActivated: true }]),
  )
  if (userIds.length === 0) return states
  const codes = await db
    .select({
      userId: accountCodes.userId,
      purpose: accountCodes.purpose,
      usedAt: accountCodes.usedAt,
      createdAt: accountCodes.createdAt,
    })
    .from(accountCodes)
    .where(
      and(
        inArray(accountCodes.userId, [...userIds]),
        inArray(accountCodes.purpose, activationPurposes),
      ),
    )
    .orderBy(desc(accountCodes.createdAt), desc(accountCodes.id))
  const used = new Set(codes.filter((code) => code.usedAt !== null).map((code) => code.userId))
  for (const code of codes) {
    const state = states.get(code.userId)
    if (used.has(code.userId) || state?.pending) continue
    const pending = { purpose: code.purpose as CodePurpose, createdAt: code.createdAt }
    states.set(code.userId, { isActivated: false, pending })
  }
  return states
}

/**
 * Whether the business's authorized users have been sent their links: registration holds
 * them until the business's own sign-in is activated (src/server/activation/activate.ts).
 */
export function linksSent(company: CompanyRecords, states: Map<number, ActivationState>) {
  return [...company.logins.values()]
    .filter((login) => login.isOwner)
    .every((login) => states.get(login.userId)?.isActivated !== false)
}

/** A login of the business as an AuthorizedUser. */
export function authorizedUserView(
  company: CompanyRecords,
  login: CompanyLogin,
  state: ActivationState,
  sent: boolean,
): AuthorizedUser {
  const { customer } = company.records
  // The representative the login is, where registration or authorizedUserCreate made one.
  const representative = company.representatives.find((row) => row.userId === login.userId)
  const firstName = representative?.firstName ?? login.firstName
  const lastName = representative?.lastName ?? login.lastName
  const positionIds = login.isOwner ? (representative?.positionIds ?? []) : login.positionIds
  const sentAt = state.pending && (sent || login.isOwner) ? state.pending.createdAt : undefined
  return {
    userId: login.userId,
    customerId: customer.id,
    ...(customer.businessName ? { businessName: customer.businessName } : {}),
    email: login.username,
    ...(firstName ? { firstName } : {}),
    ...(lastName ? { lastName } : {}),
    accessRights: login.accessRight as AuthorizedUser['accessRights'],
    positionIds,
    isActivated: state.isActivated,
    ...(sentAt ? { activationSentAt: sentAt.toISOString() } : {}),
    createdAt: login.createdAt.toISOString(),
  }
}

/** Every login of the business as AuthorizedUser: its own sign-ins first, then by grant. */
export async function authorizedUserViews(
  db: Db,
  company: CompanyRecords,
): Promise<AuthorizedUser[]> {
  const logins = [...company.logins.values()]
  const states = await activationStates(
    db,
    logins.map((login) => login.userId),
  )
  const sent = linksSent(company, states)
  return logins.map((login) =>
    authorizedUserView(company, login, states.get(login.userId) ?? { isActivated: true }, sent),
  )
}
