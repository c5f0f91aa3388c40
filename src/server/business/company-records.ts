// Loads what the business area's readers answer from: the acting business with its KYC records
// (src/server/kyc/customer-records.ts), what registration stored about it (profile,
// representatives, shareholder tree: product-spec section 3, Registration payload), the
// representatives' addresses, and who may sign in for it (section 4, Access rights).
// Read-only; company-views.ts shapes it.
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerAddresses, customers, users } from '../db/schema.ts'
import { companyUsers } from '../db/schema-security.ts'
import {
  businessProfiles,
  businessRepresentativeAddresses,
  businessRepresentatives,
  businessShareholdings,
  customerRegistrations,
} from '../db/schema-business.ts'
import {
  loadCustomerRecords,
  type AddressRow,
  type CustomerRecords,
} from '../kyc/customer-records.ts'
import { type Failure, type RefusalKey, rpcRefuse } from '../rpc/outcome.ts'
import { isBusinessCustomer } from '../../shared/access-rights.ts'
import { AccessRight } from '../../generated/constants.ts'

export type RepresentativeRow = typeof businessRepresentatives.$inferSelect
export type ShareholdingRow = typeof businessShareholdings.$inferSelect
export type ProfileRow = typeof businessProfiles.$inferSelect

/** A user who may sign in for the business, and with which right. */
export interface CompanyLogin {
  userId: number
  username: string
  /** The user's own customer: the business itself for its own sign-in. */
  customerId: number
  /** The names of the user's own customer (a business's own sign-in may carry its contact's). */
  firstName: string | null
  lastName: string | null
  accessRight: number
  /** company_users positions; none for the business's own sign-in. */
  positionIds: number[]
  /** The business's own sign-in (its user belongs to the business customer). */
  isOwner: boolean
  createdAt: Date
}

export interface CompanyRecords {
  /** The business's own KYC records: its addresses (not its representatives'), documents, files. */
  records: CustomerRecords
  profile: ProfileRow | undefined
  /** The registration type the business chose when it signed up here, if it did. */
  registrationType: string | undefined
  /** Every representative, oldest first. */
  representatives: RepresentativeRow[]
  /** The shareholder tree's nodes, each level in the order it was sent. */
  shareholdings: ShareholdingRow[]
  /** representative id -> the current addresses marked as theirs, oldest first. */
  representativeAddresses: Map<number, AddressRow[]>
  /** user id -> the sign-in, for every user with a right on the business (0 included). */
  logins: Map<number, CompanyLogin>
  /** user id -> the own customer of each representative who has a login. */
  representativeCustomers: Map<number, number>
}

/** The VF description of a representative id the acting business does not have. */
export const notARepresentative: RefusalKey = 'refusal.common.notRepresentativeOfCompany'

/** Company information is for business customers; a personal customer acting for itself has none. */
export const notABusiness = (): Failure =>
  rpcRefuse('ENOA', 'answer.business.companyInfoForBusiness')

export function isFailure(value: CompanyRecords | Failure): value is Failure {
  return 'status' in value
}

/**
 * The records of a business; a Failure when the customer is not one (ENOA) or does not exist
 * (UE, which a checked acting customer never is).
 */
export async function loadCompanyRecords(
  db: Db,
  companyId: number,
): Promise<CompanyRecords | Failure> {
  const records = await loadCustomerRecords(db, companyId)
  if (!records) return rpcRefuse('UE', 'answer.common.customerNotFound')
  if (!isBusinessCustomer(records.customer.customerType)) return notABusiness()
  const [profile] = await db
    .select()
    .from(businessProfiles)
    .where(eq(businessProfiles.customerId, companyId))
  const [registration] = await db
    .select({ registrationType: customerRegistrations.registrationType })
    .from(customerRegistrations)
    .where(eq(customerRegistrations.customerId, companyId))
  const representatives = await db
    .select()
    .from(businessRepresentatives)
    .where(eq(businessRepresentatives.companyCustomerId, companyId))
    .orderBy(asc(businessRepresentatives.id))
  const shareholdings = await db
    .select()
    .from(businessShareholdings)
    .where(eq(businessShareholdings.companyCustomerId, companyId))
    .orderBy(asc(businessShareholdings.position), asc(businessShareholdings.id))
  return {
    records,
    profile,
    registrationType: registration?.registrationType,
    representatives,
    shareholdings,
    representativeAddresses: await representativeAddressesOf(db, companyId),
    logins: await companyLogins(db, companyId),
    representativeCustomers: await customersOfUsers(
      db,
      representatives.flatMap((row) => (row.userId === null ? [] : [row.userId])),
    ),
  }
}

async function representativeAddressesOf(
  db: Db,
  companyId: number,
): Promise<Map<number, AddressRow[]>> {
  const rows = await db
    .select({
      address: customerAddresses,
      representativeId: businessRepresentativeAddresses.representativeId,
    })
    .from(businessRepresentativeAddresses)
    .innerJoin(
      customerAddresses,
      eq(customerAddresses.id, businessRepresentativeAddresses.addressId),
    )
    .where(and(eq(customerAddresses.customerId, companyId), isNull(customerAddresses.replacedAt)))
    .orderBy(asc(customerAddresses.id))
  const byRepresentative = new Map<number, AddressRow[]>()
  for (const row of rows) {
    const list = byRepresentative.get(row.representativeId) ?? []
    list.push(row.address)
    byRepresentative.set(row.representativeId, list)
  }
  return byRepresentative
}

/**
 * The business's own sign-ins (full access, section 4) and every company_users row, as the
 * access check of src/server/rpc/access.ts reads them.
 */
export async function companyLogins(db: Db, companyId: number): Promise<Map<number, CompanyLogin>> {
  const person = { firstName: customers.firstName, lastName: customers.lastName }
  const owners = await db
    .select({ user: users, ...person })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.customerId, companyId))
    .orderBy(asc(users.id))
  const granted = await db
    .select({ user: users, grant: companyUsers, ...person })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(companyUsers.companyCustomerId, companyId))
    .orderBy(asc(companyUsers.createdAt), asc(companyUsers.userId))
  const logins = new Map<number, CompanyLogin>()
  for (const { user, firstName, lastName } of owners) {
    logins.set(user.id, {
      userId: user.id,
      username: user.username,
      customerId: user.customerId,
      firstName,
      lastName,
      accessRight: AccessRight.Full,
      positionIds: [],
      isOwner: true,
      createdAt: user.createdAt,
    })
  }
  for (const { user, grant, firstName, lastName } of granted) {
    if (logins.has(user.id)) continue
    logins.set(user.id, {
      userId: user.id,
      username: user.username,
      customerId: user.customerId,
      firstName,
      lastName,
      accessRight: grant.accessRight,
      positionIds: grant.positionIds,
      isOwner: false,
      createdAt: grant.createdAt,
    })
  }
  return logins
}

/** user id -> the user's own customer. */
async function customersOfUsers(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map()
  const rows = await db
    .select({ id: users.id, customerId: users.customerId })
    .from(users)
    .where(inArray(users.id, [...userIds]))
  return new Map(rows.map((row) => [row.id, row.customerId]))
}
