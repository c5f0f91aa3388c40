// Company access (product-spec sections 4 and 6): who may act for a business and with which
// right. The company's own sign-in always holds full access (2) and is listed first; the other
// users come from company_users. Potential users are personal users known to the company (a
// director named at registration, say) who hold no access yet.
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, users } from '../db/schema.ts'
import { companyPotentialUsers, companyUsers } from '../db/schema-security.ts'
import { type Failure, rpcRefuse } from '../rpc/outcome.ts'
import { fullAccessRight } from '../rpc/access.ts'
import type { components } from '../../generated/api.d.ts'
import { isBusinessCustomer } from '../../shared/access-rights.ts'

export type SecurityAccessUser = components['schemas']['SecurityAccessUser']
export type SecurityPotentialUser = components['schemas']['SecurityPotentialUser']

/** Refuses company access to a customer that is not a business. */
export async function businessRefusal(db: Db, customerId: number): Promise<Failure | undefined> {
  const [customer] = await db
    .select({ customerType: customers.customerType })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!customer) return rpcRefuse('UE', 'answer.common.customerNotFound')
  if (!isBusinessCustomer(customer.customerType)) {
    return rpcRefuse('ENOA', 'answer.security.companyAccessForBusiness')
  }
  return undefined
}

const personColumns = {
  userId: users.id,
  email: users.username,
  customerId: customers.id,
  firstName: customers.firstName,
  lastName: customers.lastName,
}

interface Person {
  userId: number
  email: string
  customerId: number
  firstName: string | null
  lastName: string | null
}

function names(person: Person): { firstName?: string; lastName?: string } {
  return {
    ...(person.firstName ? { firstName: person.firstName } : {}),
    ...(person.lastName ? { lastName: person.lastName } : {}),
  }
}

/** The company's own sign-ins: users whose customer is the company. */
export async function companyOwners(db: Db, companyId: number): Promise<Person[]> {
  return db
    .select(personColumns)
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.customerId, companyId))
    .orderBy(asc(users.id))
}

function ownerView(person: Person): SecurityAccessUser {
  return {
    id: person.userId,
    customerId: person.customerId,
    ...names(person),
    email: person.email,
    accessRights: fullAccessRight,
    positionIds: [],
    isRepresentative: false,
  }
}

/** The company's users other than its own sign-ins, oldest first; one user when userId is given. */
async function grantedUsers(
  db: Db,
  companyId: number,
  userId?: number,
): Promise<SecurityAccessUser[]> {
  const rows = await db
    .select({
      ...personColumns,
      accessRight: companyUsers.accessRight,
      positionIds: companyUsers.positionIds,
    })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(
      and(
        eq(companyUsers.companyCustomerId, companyId),
        userId === undefined ? undefined : eq(companyUsers.userId, userId),
      ),
    )
    .orderBy(asc(companyUsers.createdAt), asc(companyUsers.userId))
  return rows.map((row) => ({
    id: row.userId,
    customerId: row.customerId,
    ...names(row),
    email: row.email,
    accessRights: row.accessRight as SecurityAccessUser['accessRights'],
    positionIds: row.positionIds,
    isRepresentative: row.positionIds.length > 0,
  }))
}

export async function companyAccessUsers(db: Db, companyId: number): Promise<SecurityAccessUser[]> {
  const owners = await companyOwners(db, companyId)
  return [...owners.map(ownerView), ...(await grantedUsers(db, companyId))]
}

/** One user of company_users, or undefined when the user holds no row for the company. */
export async function companyUser(
  db: Db,
  companyId: number,
  userId: number,
): Promise<SecurityAccessUser | undefined> {
  const [user] = await grantedUsers(db, companyId, userId)
  return user
}

export async function isCompanyOwner(db: Db, companyId: number, userId: number): Promise<boolean> {
  const owners = await companyOwners(db, companyId)
  return owners.some((owner) => owner.userId === userId)
}

export async function potentialUsers(
  db: Db,
  companyId: number,
): Promise<(SecurityPotentialUser & { positionIds: number[] })[]> {
  const rows = await db
    .select({ ...personColumns, positionIds: companyPotentialUsers.positionIds })
    .from(companyPotentialUsers)
    .innerJoin(users, eq(users.id, companyPotentialUsers.userId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(companyPotentialUsers.companyCustomerId, companyId))
    .orderBy(asc(companyPotentialUsers.createdAt), asc(companyPotentialUsers.userId))
  return rows.map((row) => ({
    id: row.userId,
    ...names(row),
    email: row.email,
    positionIds: row.positionIds,
  }))
}
