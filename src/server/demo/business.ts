// Demo data of the company screens (product-spec section 3, Company info and Registration
// payload), added once (Northwind's business profile marks it done), after the security, routing
// and transfer demos whose logins it uses. It adds to the two companies only what registration
// and the company screens keep, so the other demos' documents and users stay as they were:
// - Northwind Trading Ltd (business@nova.example), registered as "others" in wholesale: Sam
//   Taylor (its own sign-in) directs it and holds 55 %; Baltic Holdings UAB holds 45 % and is
//   owned by Jordan Lee (director@, 60 %, so 27 % of Northwind: an ultimate owner by share)
//   and Mia Novak (40 %); Jordan directs both. The company's users of the other demos
//   (employee@, initiator@, approver@) are its authorized users. Its people's addresses wait
//   for their proofs, and the directors' resolution is signed.
// - Kestrel Media Ltd (business-kyc@nova.example), a webcam studio owned and directed by Nina
//   Hart, whose home address is proved. Its place of business has a confirmed lease waiting for
//   the company's confirmation (businessAddressConfirm); invited@nova.example is an authorized
//   user who has not activated yet (the link is in the demo mailbox). Its streaming platforms
//   are declared; the studio and escort statements wait for a signature.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import {
  customerAddresses,
  customerDocuments,
  customerEmails,
  customers,
  uploadedDocuments,
  users,
} from '../db/schema.ts'
import { companyUsers } from '../db/schema-security.ts'
import {
  businessCompanyDirectors,
  businessDeclarations,
  businessProfiles,
  businessRepresentativeAddresses,
  businessRepresentatives,
  businessShareholdings,
  customerRegistrations,
  type RegisteredAddress,
} from '../db/schema-business.ts'
import { mailEmployeeActivation } from '../activation/activate.ts'
import { unknownPasswordHash } from '../activation/registration-records.ts'
import { demoApprover, demoInitiator } from './transfers.ts'

const dayMs = 86_400_000
const daysAgoAt = (days: number) => new Date(Date.now() - days * dayMs)
const daysAgo = (days: number) => daysAgoAt(days).toISOString().slice(0, 10)

/** The invited authorized user of Kestrel Media who has not activated yet. */
export const demoInvitedUser = 'invited@nova.example'

async function userOf(db: Db, username: string) {
  const [user] = await db.select().from(users).where(eq(users.username, username))
  return user
}

type Representative = Omit<typeof businessRepresentatives.$inferInsert, 'companyCustomerId'>

async function addRepresentative(db: Db, companyId: number, values: Representative) {
  const [row] = await db
    .insert(businessRepresentatives)
    .values({ ...values, companyCustomerId: companyId })
    .returning({ id: businessRepresentatives.id })
  if (!row) throw new Error('assertion: demo representative inserted')
  return row.id
}

/** An address of the company, the representative's when one is named. */
async function addAddress(
  db: Db,
  companyId: number,
  address: RegisteredAddress & { addressType: number; status: number },
  representativeId?: number,
): Promise<number> {
  const [row] = await db
    .insert(customerAddresses)
    .values({ ...address, customerId: companyId })
    .returning({ id: customerAddresses.id })
  if (!row) throw new Error('assertion: demo address inserted')
  if (representativeId !== undefined) {
    await db.insert(businessRepresentativeAddresses).values({ addressId: row.id, representativeId })
  }
  return row.id
}

/** A confirmed proof of an address, recorded without file content like the other demo files. */
async function addConfirmedProof(
  db: Db,
  companyId: number,
  proof: { addressId: number; categoryId: number; documentTypeId: number; fileName: string },
  issuedDate: string,
): Promise<void> {
  const [document] = await db
    .insert(customerDocuments)
    .values({
      customerId: companyId,
      categoryId: proof.categoryId,
      statusId: 2,
      addressId: proof.addressId,
    })
    .returning({ id: customerDocuments.id })
  if (!document) throw new Error('assertion: demo document inserted')
  await db.insert(uploadedDocuments).values({
    customerId: companyId,
    documentId: document.id,
    documentTypeId: proof.documentTypeId,
    statusId: 2,
    issuedDate,
    createdUsername: 'business-kyc@nova.example',
    fileName: proof.fileName,
    contentType: 'application/pdf',
    sizeBytes: 88_420,
    uploadedAt: daysAgoAt(30),
  })
}

const registrationAnswers = {
  dueDiligence: { government: false, lawsuits: false, taxPayers: true },
  additionalQuestionAnswers: [],
}

export async function seedBusinessDemo(db: Db): Promise<void> {
  const owner = await userOf(db, 'business@nova.example')
  if (!owner) return
  const [done] = await db
    .select({ customerId: businessProfiles.customerId })
    .from(businessProfiles)
    .where(eq(businessProfiles.customerId, owner.customerId))
  if (done) return
  await seedNorthwind(db, owner.customerId, owner.id)
  const studio = await userOf(db, 'business-kyc@nova.example')
  if (studio) await seedKestrel(db, studio.customerId, studio.id)
}

type NorthwindPeople = { sam: number; jordan: number; mia: number; baltic: number }

async function seedNorthwind(db: Db, companyId: number, ownerUserId: number): Promise<void> {
  await db.insert(customerRegistrations).values({
    customerId: companyId,
    kind: 'business',
    registrationType: 'others',
    ip: '203.0.113.10',
  })
  const ids = await addNorthwindPeople(db, companyId, ownerUserId)
  await seedNorthwindTree(db, companyId, ids)
  await addEmployeeRepresentatives(db, companyId)
  await db.insert(businessProfiles).values({
    customerId: companyId,
    tradingName: 'Northwind',
    registrationNumber: '305123456',
    registrationDate: '2016-09-14',
    registrationCountryCode: 'LT',
    website: 'https://northwind.example',
    description: 'Wholesale of office supplies across the Baltic states.',
    financialDetail: {
      monthlyDepositAmount: '40000',
      monthlyDepositCurrency: 'EUR',
      monthlyWithdrawalAmount: '35000',
      monthlyWithdrawalCurrency: 'EUR',
      sourceIds: [61],
      purposeIds: [21, 22],
      industry: 32,
    },
    legalInformation: { legalForm: 'Private limited company (UAB)', isRegulated: false },
    ...registrationAnswers,
    authorizedRepresentativeId: ids.sam,
    authorizedRepresentativePosition: 'Managing Director',
  })
  await seedNorthwindAddresses(db, companyId, ids)
  await db.insert(businessDeclarations).values({
    companyCustomerId: companyId,
    kind: 'resolution',
    text:
      'Resolution of the directors of Northwind Trading Ltd. The directors resolve that ' +
      'Northwind Trading Ltd opens and operates accounts with Nova Wallet Ltd.',
    signerName: 'Sam Taylor',
    signerPosition: 'Managing Director',
    signedByUserId: ownerUserId,
    ip: '203.0.113.10',
    signedAt: daysAgoAt(20),
  })
}

/** Sam (its own sign-in), Jordan (director@), Mia, and Baltic Holdings. */
async function addNorthwindPeople(
  db: Db,
  companyId: number,
  ownerUserId: number,
): Promise<NorthwindPeople> {
  const director = await userOf(db, 'director@nova.example')
  const sam = await addRepresentative(db, companyId, {
    type: 1,
    firstName: 'Sam',
    lastName: 'Taylor',
    birthday: '1979-08-21',
    email: 'business@nova.example',
    taxId: '37908210123',
    sourcesOfFunds: [{ sourceId: 3, details: 'Dividends of Northwind Trading' }],
    positionIds: [2, 6, 8],
    userId: ownerUserId,
  })
  const jordan = await addRepresentative(db, companyId, {
    type: 1,
    firstName: 'Jordan',
    lastName: 'Lee',
    birthday: '1984-02-11',
    email: 'director@nova.example',
    taxId: '110284-12345',
    sourcesOfFunds: [{ sourceId: 5, details: 'Investments in Baltic Holdings' }],
    positionIds: [2],
    userId: director?.id ?? null,
  })
  const mia = await addRepresentative(db, companyId, {
    type: 1,
    firstName: 'Mia',
    lastName: 'Novak',
    birthday: '1990-10-02',
    taxId: '49010020217',
  })
  const baltic = await addRepresentative(db, companyId, {
    type: 2,
    companyName: 'Baltic Holdings UAB',
    registrationNumber: '304987654',
    registrationCountryCode: 'LT',
    positionIds: [6],
  })
  await db
    .insert(businessCompanyDirectors)
    .values({ companyRepresentativeId: baltic, directorRepresentativeId: jordan })
  return { sam, jordan, mia, baltic }
}

/**
 * The company's authorized users of the other demos (employee@, initiator@, approver@) as the
 * representatives they are, with no position, as authorizedUserCreate adds one.
 */
async function addEmployeeRepresentatives(db: Db, companyId: number): Promise<void> {
  for (const username of ['employee@nova.example', demoInitiator, demoApprover]) {
    const [row] = await db
      .select({ userId: users.id, firstName: customers.firstName, lastName: customers.lastName })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .where(eq(users.username, username))
    if (!row) continue
    await addRepresentative(db, companyId, {
      type: 1,
      firstName: row.firstName,
      lastName: row.lastName,
      email: username,
      userId: row.userId,
    })
  }
}

async function seedNorthwindTree(db: Db, companyId: number, ids: NorthwindPeople): Promise<void> {
  const node = async (
    representativeId: number,
    share: string,
    position: number,
    parentId?: number,
  ) => {
    const [row] = await db
      .insert(businessShareholdings)
      .values({
        companyCustomerId: companyId,
        representativeId,
        share,
        position,
        parentId: parentId ?? null,
      })
      .returning({ id: businessShareholdings.id })
    if (!row) throw new Error('assertion: demo shareholding inserted')
    return row.id
  }
  await node(ids.sam, '55', 0)
  const baltic = await node(ids.baltic, '45', 1)
  await node(ids.jordan, '60', 0, baltic)
  await node(ids.mia, '40', 1, baltic)
}

async function seedNorthwindAddresses(
  db: Db,
  companyId: number,
  ids: NorthwindPeople,
): Promise<void> {
  const home = { addressType: 1, status: 0 }
  await addAddress(
    db,
    companyId,
    {
      ...home,
      address1: 'Pylimo g. 12-4',
      city: 'Vilnius',
      postalCode: '01117',
      countryCode: 'LT',
    },
    ids.sam,
  )
  await addAddress(
    db,
    companyId,
    {
      ...home,
      address1: 'Brivibas iela 40',
      city: 'Riga',
      postalCode: 'LV-1050',
      countryCode: 'LV',
    },
    ids.jordan,
  )
  await addAddress(
    db,
    companyId,
    { ...home, address1: 'Narva mnt 5', city: 'Tallinn', postalCode: '10117', countryCode: 'EE' },
    ids.mia,
  )
  await addAddress(
    db,
    companyId,
    {
      addressType: 2,
      status: 0,
      address1: 'Laisves al. 10',
      city: 'Kaunas',
      postalCode: '44240',
      countryCode: 'LT',
    },
    ids.baltic,
  )
}

/** An authorized user added by the company who has not activated yet; the link is mailed. */
async function seedInvitedUser(db: Db, companyId: number): Promise<void> {
  const [customer] = await db
    .insert(customers)
    .values({ customerType: 0, firstName: 'Dana', lastName: 'Vale', email: demoInvitedUser })
    .returning({ id: customers.id })
  if (!customer) throw new Error('assertion: demo customer inserted')
  await db
    .insert(customerEmails)
    .values({ customerId: customer.id, emailAddress: demoInvitedUser, isPrimary: true })
  const [user] = await db
    .insert(users)
    .values({
      username: demoInvitedUser,
      passwordHash: await unknownPasswordHash(),
      customerId: customer.id,
    })
    .returning({ id: users.id })
  if (!user) throw new Error('assertion: demo user inserted')
  await db
    .insert(companyUsers)
    .values({ companyCustomerId: companyId, userId: user.id, accessRight: 3 })
  await addRepresentative(db, companyId, {
    type: 1,
    firstName: 'Dana',
    lastName: 'Vale',
    email: demoInvitedUser,
    userId: user.id,
  })
  await mailEmployeeActivation(db, user.id, demoInvitedUser)
}

async function seedKestrel(db: Db, companyId: number, ownerUserId: number): Promise<void> {
  await db.insert(customerRegistrations).values({
    customerId: companyId,
    kind: 'business',
    registrationType: 'registrationWebcamStudios',
    ip: '198.51.100.23',
  })
  const nina = await addRepresentative(db, companyId, {
    type: 1,
    firstName: 'Nina',
    lastName: 'Hart',
    birthday: '1987-06-30',
    email: 'business-kyc@nova.example',
    positionIds: [2, 6, 8],
    userId: ownerUserId,
  })
  await db
    .insert(businessShareholdings)
    .values({ companyCustomerId: companyId, representativeId: nina, share: '100', position: 0 })
  await db.insert(businessProfiles).values({
    customerId: companyId,
    registrationNumber: 'HE 402118',
    registrationDate: '2019-03-05',
    registrationCountryCode: 'CY',
    financialDetail: {
      monthlyDepositAmount: '12000',
      monthlyDepositCurrency: 'EUR',
      monthlyWithdrawalAmount: '11000',
      monthlyWithdrawalCurrency: 'EUR',
      sourceIds: [61],
      purposeIds: [25],
      industry: 2,
    },
    legalInformation: { legalForm: 'Private company limited by shares', isRegulated: false },
    ...registrationAnswers,
    authorizedRepresentativeId: nina,
    authorizedRepresentativePosition: 'Director',
  })
  await db.insert(businessDeclarations).values({
    companyCustomerId: companyId,
    kind: 'streamingPlatform',
    text:
      'Kestrel Media Ltd declares that the platforms listed are every platform on which it or ' +
      'its models broadcast or are paid for broadcasts.',
    signerName: 'Nina Hart',
    signerPosition: 'Director',
    platforms: [
      { name: 'CamStage', url: 'https://camstage.example' },
      { name: 'LiveHall', url: 'https://livehall.example' },
    ],
    signedByUserId: ownerUserId,
    ip: '198.51.100.23',
    signedAt: daysAgoAt(10),
  })
  await seedKestrelAddresses(db, companyId, nina)
  await seedInvitedUser(db, companyId)
}

async function seedKestrelAddresses(db: Db, companyId: number, nina: number): Promise<void> {
  const home = await addAddress(
    db,
    companyId,
    {
      addressType: 1,
      status: 1,
      address1: 'Agiou Andreou 12',
      city: 'Limassol',
      postalCode: '3036',
      countryCode: 'CY',
    },
    nina,
  )
  await addConfirmedProof(
    db,
    companyId,
    { addressId: home, categoryId: 2, documentTypeId: 11, fileName: 'nina-utility-bill.pdf' },
    daysAgo(40),
  )
  const office = await addAddress(db, companyId, {
    addressType: 5,
    status: 0,
    address1: 'Makariou III 45',
    city: 'Limassol',
    postalCode: '3065',
    countryCode: 'CY',
  })
  await addConfirmedProof(
    db,
    companyId,
    { addressId: office, categoryId: 7, documentTypeId: 72, fileName: 'studio-lease.pdf' },
    '2023-01-10',
  )
}
