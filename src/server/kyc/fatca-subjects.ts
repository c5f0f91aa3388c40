// Whose FATCA/CRS self-certification an operation reads or writes (product-spec section 3,
// FATCA/CRS certification; section 6: representatives have a flow of their own): the personal
// customer, the business customer, or a person representing the acting business. Access to
// the acting customer was checked by the dispatcher (x-access); which representative the
// caller may act for is decided here: their own record always, another representative of the
// business only with full rights (2) on it. Anything else is VF naming representativeId,
// worded alike whether the id exists elsewhere or not.
import { and, asc, eq, isNull } from 'drizzle-orm'
import type { components } from '../../generated/api.d.ts'
import type { Db } from '../db/open-database.ts'
import { customerAddresses, customers, kycProfiles } from '../db/schema.ts'
import { businessProfiles, businessRepresentatives } from '../db/schema-business.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { type Failure, refusal, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { isBusinessCustomer } from '../../shared/access-rights.ts'
import { AccessRight, AddressType } from '../../generated/constants.ts'

export type AddressFields = components['schemas']['RegistrationAddress']
type CustomerRow = typeof customers.$inferSelect
type AddressRow = typeof customerAddresses.$inferSelect
export type RepresentativeRow = typeof businessRepresentatives.$inferSelect

interface SubjectBase {
  /** The customer the certification and its files belong to (a representative's business). */
  customerId: number
  /** The name the forms print. */
  name: string
}

export interface PersonalSubject extends SubjectBase {
  kind: 'personal'
  customer: CustomerRow
  profile: typeof kycProfiles.$inferSelect | undefined
  residenceAddress: AddressFields | undefined
}

export interface BusinessSubject extends SubjectBase {
  kind: 'business'
  customer: CustomerRow
  registrationCountryCode: string | undefined
  /** Current addresses, oldest first. */
  addresses: AddressRow[]
}

export interface RepresentativeSubject extends SubjectBase {
  kind: 'representative'
  company: CustomerRow
  representative: RepresentativeRow
  residenceAddress: AddressFields | undefined
}

export type FatcaSubject = PersonalSubject | BusinessSubject | RepresentativeSubject

export function addressFields(row: AddressRow): AddressFields {
  return {
    address1: row.address1,
    ...(row.address2 ? { address2: row.address2 } : {}),
    city: row.city,
    ...(row.postalCode ? { postalCode: row.postalCode } : {}),
    countryCode: row.countryCode,
    ...(row.stateCode ? { stateCode: row.stateCode } : {}),
    ...(row.stateName ? { stateName: row.stateName } : {}),
  }
}

const homeTypes = new Set<number>([
  AddressType.Home,
  AddressType.HomeAndBusiness,
  AddressType.Residence,
])

async function currentAddresses(db: Db, customerId: number): Promise<AddressRow[]> {
  return db
    .select()
    .from(customerAddresses)
    .where(and(eq(customerAddresses.customerId, customerId), isNull(customerAddresses.replacedAt)))
    .orderBy(asc(customerAddresses.id))
}

const personalOnly = rpcRefuse('13', 'answer.kyc.personalSelfCertOnly')
const businessOnly = rpcRefuse('13', 'answer.kyc.businessSelfCertOnly')

export async function personalSubject(
  db: Db,
  customerId: number,
): Promise<PersonalSubject | Failure> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer || isBusinessCustomer(customer.customerType)) return personalOnly
  const [profile] = await db
    .select()
    .from(kycProfiles)
    .where(eq(kycProfiles.customerId, customerId))
  const home = (await currentAddresses(db, customerId)).find((row) =>
    homeTypes.has(row.addressType),
  )
  const name = [customer.firstName, customer.lastName].filter(Boolean).join(' ') || customer.email
  return {
    kind: 'personal',
    customerId,
    name,
    customer,
    profile,
    residenceAddress: home ? addressFields(home) : undefined,
  }
}

export async function businessSubject(
  db: Db,
  customerId: number,
): Promise<BusinessSubject | Failure> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer || !isBusinessCustomer(customer.customerType)) return businessOnly
  const [profile] = await db
    .select({ registrationCountryCode: businessProfiles.registrationCountryCode })
    .from(businessProfiles)
    .where(eq(businessProfiles.customerId, customerId))
  return {
    kind: 'business',
    customerId,
    name: customer.businessName || customer.email,
    customer,
    registrationCountryCode: profile?.registrationCountryCode ?? undefined,
    addresses: await currentAddresses(db, customerId),
  }
}

/** The acting customer's own certification: personal or business by its type. */
export async function customerSubject(
  db: Db,
  customerId: number,
): Promise<PersonalSubject | BusinessSubject | Failure> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId))
  if (customer && isBusinessCustomer(customer.customerType)) return businessSubject(db, customerId)
  return personalSubject(db, customerId)
}

function notARepresentative(given: boolean): Failure {
  const description = given
    ? 'refusal.kyc.notRepresentativeYouActFor'
    : 'refusal.kyc.youAreNotRepresentative'
  return validationFailure([refusal('representativeId', description)])
}

/**
 * The representative named, or the signed-in user's own record in the acting business. Only a
 * person (type 1) certifies; another person's record needs full rights on the business.
 */
export async function representativeSubject(
  context: HandlerContext,
  representativeId: number | undefined,
): Promise<RepresentativeSubject | Failure> {
  const { customerId, userId } = requireSession(context)
  const [company] = await context.db.select().from(customers).where(eq(customers.id, customerId))
  if (!company || !isBusinessCustomer(company.customerType)) {
    return notARepresentative(representativeId !== undefined)
  }
  const [representative] = await context.db
    .select()
    .from(businessRepresentatives)
    .where(
      and(
        eq(businessRepresentatives.companyCustomerId, customerId),
        eq(businessRepresentatives.type, 1),
        representativeId === undefined
          ? eq(businessRepresentatives.userId, userId)
          : eq(businessRepresentatives.id, representativeId),
      ),
    )
    .orderBy(asc(businessRepresentatives.id))
    .limit(1)
  const own = representative?.userId === userId
  if (!representative || (!own && context.accessRight !== AccessRight.Full)) {
    return notARepresentative(representativeId !== undefined)
  }
  const name =
    [representative.firstName, representative.lastName].filter(Boolean).join(' ') ||
    `Representative ${representative.id}`
  return {
    kind: 'representative',
    customerId,
    name,
    company,
    representative,
    residenceAddress: representative.address ?? undefined,
  }
}

export function isFailure<T extends object>(value: T | Failure): value is Failure {
  return 'status' in value && 'body' in value && !('kind' in value)
}
