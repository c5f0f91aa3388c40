// The writes of businessAccountCreate, all inside the registration's one transaction: the
// business customer with its profile, its representatives (personList and companyList) with
// their positions, the shareholder tree, a payment account and the logins (product-spec
// section 3, Registration payload; section 4, Business registration and Account activation).
import { eq } from 'drizzle-orm'
import { randomBytes } from 'node:crypto'
import type { Db } from '../db/open-database.ts'
import { customerAddresses, customers } from '../db/schema.ts'
import { accountCodes } from '../db/schema-auth.ts'
import { companyUsers } from '../db/schema-security.ts'
import { customerBrands } from '../db/schema-terms.ts'
import {
  businessCompanyDirectors,
  businessProfiles,
  businessRepresentativeAddresses,
  businessRepresentatives,
  businessShareholdings,
  type RegisteredAddress,
} from '../db/schema-business.ts'
import type { HandlerContext, RequestOf } from '../rpc/handler-context.ts'
import { defaultLang } from '../messages/messages.ts'
import { CustomerInfoCustomerType, RepresentativeRole } from '../../generated/constants.ts'
import { normalizeName, type ShareholderNode } from '../../shared/registration-rules.ts'
import { lifetimeMs } from './account-codes.ts'
import {
  addressType,
  insertContacts,
  insertLogin,
  insertRegistration,
  openFirstAccount,
  sendActivation,
} from './registration-records.ts'

export type BusinessInput = RequestOf<'businessAccountCreate'>
type Person = BusinessInput['personList'][number]
type Company = BusinessInput['company']

/** A login to create: the person, where their e-mail is in the payload, and its hash. */
export interface PlannedLogin {
  personIndex: number
  accessRights: number
  email: string
  passwordHash: string
}

/** The payload ids of personList and companyList -> the stored representative ids. */
interface Stored {
  persons: Map<number, number>
  companies: Map<number, number>
}

/** Positions in the business itself (docs/decisions.md, "Registration (issue 13)"). */
function positionsOf(input: BusinessInput, type: 1 | 2, id: number): number[] {
  const positions: number[] = []
  if (type === 1 && input.directors.includes(id)) positions.push(RepresentativeRole.Director)
  const holds = input.shareholders.some((node) =>
    type === 1 ? node.type === 1 && node.personId === id : node.type === 2 && node.companyId === id,
  )
  if (holds) positions.push(RepresentativeRole.Shareholder)
  if (type === 1 && input.ultimateBeneficiaryOwners?.includes(id)) {
    positions.push(RepresentativeRole.UltimateBeneficialOwner)
  }
  return positions
}

function companyColumns(company: Company) {
  return {
    companyName: normalizeName(company.name),
    tradingName: company.tradingName ? normalizeName(company.tradingName) : null,
    registrationNumber: company.registrationNumber,
    registrationDate: company.registrationDate ?? null,
    registrationCountryCode: company.registrationCountryCode,
    website: company.website ?? null,
    description: company.description ?? null,
    email: company.email?.toLowerCase() ?? null,
    phoneCountryCode: company.phone?.countryCode ?? null,
    phoneNumber: company.phone?.number ?? null,
    address: company.address,
    placeOfBusiness: company.placeOfBusiness ?? null,
    taxId: company.businessTaxId ?? null,
    noTaxId: company.noTaxId === true,
    tinMissingReason: company.tinMissingReason ?? null,
    tinMissingExplanation: company.tinMissingExplanation ?? null,
  }
}

function personColumns(person: Person) {
  return {
    firstName: normalizeName(person.firstName),
    lastName: normalizeName(person.lastName),
    birthday: person.birthday,
    email: person.email?.trim().toLowerCase() ?? null,
    phoneCountryCode: person.phone?.countryCode ?? null,
    phoneNumber: person.phone?.number ?? null,
    address: person.address ?? null,
    taxId: person.taxId ?? null,
    noTaxId: person.noTaxId === true,
    tinMissingReason: person.tinMissingReason ?? null,
    tinMissingExplanation: person.tinMissingExplanation ?? null,
    sourcesOfFunds: person.sourcesOfFunds ?? [],
  }
}

async function insertRepresentatives(
  tx: Db,
  companyCustomerId: number,
  input: BusinessInput,
): Promise<Stored> {
  const stored: Stored = { persons: new Map(), companies: new Map() }
  const insert = async (values: Omit<typeof businessRepresentatives.$inferInsert, 'id'>) => {
    const [row] = await tx
      .insert(businessRepresentatives)
      .values(values)
      .returning({ id: businessRepresentatives.id })
    if (!row) throw new Error('assertion: the representative insert returned its row')
    await insertRepresentativeAddresses(tx, companyCustomerId, row.id, [
      {
        address: values.address ?? undefined,
        type: values.type === 1 ? addressType.home : addressType.business,
      },
      { address: values.placeOfBusiness ?? undefined, type: addressType.office },
    ])
    return row.id
  }
  for (const person of input.personList) {
    const positionIds = positionsOf(input, 1, person.id)
    const id = await insert({ companyCustomerId, type: 1, positionIds, ...personColumns(person) })
    stored.persons.set(person.id, id)
  }
  for (const company of input.companyList ?? []) {
    const positionIds = positionsOf(input, 2, company.id)
    const id = await insert({ companyCustomerId, type: 2, positionIds, ...companyColumns(company) })
    stored.companies.set(company.id, id)
    for (const director of company.directors) {
      await tx.insert(businessCompanyDirectors).values({
        companyRepresentativeId: id,
        directorRepresentativeId: stored.persons.get(director)!,
      })
    }
  }
  return stored
}

/**
 * A representative's addresses as the business's address rows marked as theirs, so that proofs
 * of address can be uploaded for them (representativeAddressConfirm): a person's address as
 * home, a company's as business and its place of business as office, as for the business.
 */
async function insertRepresentativeAddresses(
  tx: Db,
  companyCustomerId: number,
  representativeId: number,
  addresses: { address: RegisteredAddress | undefined; type: number }[],
): Promise<void> {
  for (const { address, type } of addresses) {
    if (!address) continue
    const [row] = await tx
      .insert(customerAddresses)
      .values({ customerId: companyCustomerId, addressType: type, ...address })
      .returning({ id: customerAddresses.id })
    if (!row) throw new Error('assertion: the address insert returned its row')
    await tx.insert(businessRepresentativeAddresses).values({ addressId: row.id, representativeId })
  }
}

/** The tree as sent, level by level, each node under the node of its company. */
async function insertShareholdings(
  tx: Db,
  companyCustomerId: number,
  stored: Stored,
  nodes: readonly ShareholderNode[],
  parentId: number | null,
): Promise<void> {
  for (const [position, node] of nodes.entries()) {
    const representativeId =
      node.type === 1 ? stored.persons.get(node.personId!) : stored.companies.get(node.companyId!)
    if (representativeId === undefined) throw new Error('assertion: the rules checked every id')
    const [row] = await tx
      .insert(businessShareholdings)
      .values({
        companyCustomerId,
        parentId,
        representativeId,
        share: String(node.share),
        position,
      })
      .returning({ id: businessShareholdings.id })
    if (!row) throw new Error('assertion: the shareholding insert returned its row')
    if (node.shareholders) {
      await insertShareholdings(tx, companyCustomerId, stored, node.shareholders, row.id)
    }
  }
}

/** The business customer, its contacts and registration; the first login's e-mail is its own. */
async function insertBusinessCustomer(
  tx: Db,
  context: HandlerContext,
  input: BusinessInput,
  email: string,
): Promise<number> {
  const { company } = input
  const [customer] = await tx
    .insert(customers)
    .values({
      customerType: CustomerInfoCustomerType.Business,
      businessName: normalizeName(company.name),
      email,
      residenceCountryCode: company.registrationCountryCode,
      taxId: company.businessTaxId ?? null,
      lang: context.lang ?? defaultLang,
      // Registered here, so its accounts are kept here (post-login routing steps 3 and 4).
      hasRelatedAccounts: true,
    })
    .returning({ id: customers.id })
  if (!customer) throw new Error('assertion: the customer insert returned its row')
  await insertContacts(tx, {
    customerId: customer.id,
    email,
    phone: company.phone,
    addresses: [
      { address: company.address, type: addressType.business },
      { address: company.placeOfBusiness, type: addressType.office },
    ],
  })
  await insertRegistration(tx, context, {
    customerId: customer.id,
    kind: 'business',
    registrationType: input.registrationType,
  })
  return customer.id
}

async function insertProfile(tx: Db, customerId: number, input: BusinessInput, stored: Stored) {
  const { company, authorizedCompanyRepresentative: representative } = input
  await tx.insert(businessProfiles).values({
    customerId,
    tradingName: company.tradingName ? normalizeName(company.tradingName) : null,
    registrationNumber: company.registrationNumber,
    registrationDate: company.registrationDate ?? null,
    registrationCountryCode: company.registrationCountryCode,
    noTaxId: company.noTaxId === true,
    tinMissingReason: company.tinMissingReason ?? null,
    tinMissingExplanation: company.tinMissingExplanation ?? null,
    website: company.website ?? null,
    description: company.description ?? null,
    financialDetail: input.financialDetail,
    dueDiligence: input.dueDiligence,
    legalInformation: input.legalInformation,
    additionalQuestionAnswers: input.additionalQuestionAnswers ?? [],
    authorizedRepresentativeId: stored.persons.get(representative.personId) ?? null,
    authorizedRepresentativePosition: representative.position ?? null,
  })
}

/**
 * Stores the whole registration. The first login (the first user with full rights) is the
 * business's own and gets the activationBusiness e-mail; each other user gets a personal
 * customer of their own, access to the business, and a held activationEmployee code that
 * businessActivate replaces with a mailed one (activate.ts).
 */
export async function storeBusiness(
  tx: Db,
  context: HandlerContext,
  input: BusinessInput,
  logins: { owner: PlannedLogin; employees: PlannedLogin[] },
): Promise<number> {
  const customerId = await insertBusinessCustomer(tx, context, input, logins.owner.email)
  const stored = await insertRepresentatives(tx, customerId, input)
  await insertShareholdings(tx, customerId, stored, input.shareholders, null)
  await insertProfile(tx, customerId, input, stored)
  await openFirstAccount(tx, customerId, input.financialDetail.monthlyDepositCurrency)
  const owner = logins.owner
  const ownerId = await insertLogin(
    tx,
    { username: owner.email, passwordHash: owner.passwordHash, customerId },
    `personList.${owner.personIndex}.email`,
  )
  await linkRepresentative(tx, stored, input.personList[owner.personIndex]!, ownerId)
  const lang = context.lang ?? defaultLang
  await sendActivation(tx, ownerId, owner.email, 'activationBusiness', lang, !input.password)
  for (const employee of logins.employees) {
    await insertEmployee(tx, context, input, stored, customerId, employee)
  }
  return customerId
}

async function linkRepresentative(tx: Db, stored: Stored, person: Person, userId: number) {
  await tx
    .update(businessRepresentatives)
    .set({ userId })
    .where(eq(businessRepresentatives.id, stored.persons.get(person.id)!))
}

async function insertEmployee(
  tx: Db,
  context: HandlerContext,
  input: BusinessInput,
  stored: Stored,
  companyCustomerId: number,
  login: PlannedLogin,
): Promise<void> {
  const person = input.personList[login.personIndex]!
  const [customer] = await tx
    .insert(customers)
    .values({
      customerType: CustomerInfoCustomerType.Personal,
      firstName: normalizeName(person.firstName),
      lastName: normalizeName(person.lastName),
      email: login.email,
      birthDay: person.birthday,
      residenceCountryCode: person.address?.countryCode ?? null,
      lang: context.lang ?? defaultLang,
    })
    .returning({ id: customers.id })
  if (!customer) throw new Error('assertion: the customer insert returned its row')
  await tx.insert(customerBrands).values({ customerId: customer.id, brandId: context.brandId })
  const userId = await insertLogin(
    tx,
    { username: login.email, passwordHash: login.passwordHash, customerId: customer.id },
    `personList.${login.personIndex}.email`,
  )
  await tx.insert(companyUsers).values({
    companyCustomerId,
    userId,
    accessRight: login.accessRights,
    positionIds: positionsOf(input, 1, person.id),
  })
  await linkRepresentative(tx, stored, person, userId)
  // Held until the business is activated: nobody knows this code; a new one is mailed then.
  await tx.insert(accountCodes).values({
    userId,
    purpose: 'activationEmployee',
    codeHash: randomBytes(32).toString('base64url'),
    expiresAt: new Date(Date.now() + lifetimeMs.activationEmployee),
  })
}
