// Demo data for `npm start` and the tests: a personal customer with USD and EUR accounts,
// a business customer and an administrator. Balances are real ledger transfers from the
// demo clearing account, so the ledger's invariants hold for demo data too. The personal and
// business customers also get addresses, documents, e-mails, phones and KYC state.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import {
  customerAddresses,
  customerDocuments,
  customerEmails,
  customerLimitReasons,
  customerPhones,
  customers,
  kycProfiles,
  uploadedDocuments,
  users,
} from '../db/schema.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { houseAccount, openCustomerAccount } from '../ledger/house-accounts.ts'
import { postTransfer } from '../ledger/post-transfer.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { toMinor } from '../../shared/money.ts'
import { AccountType } from '../../generated/constants.ts'
import { seedMerchantDemo } from './merchant.ts'
import { seedSecurityDemo } from './security.ts'
import { seedDemoAuth } from './auth.ts'
import { seedPublicApiDemo } from './public-api.ts'
import { seedApproverDemo, seedTransfersDemo } from './transfers.ts'
import { seedRoutingDemo } from './routing.ts'
import { seedFatcaDemo } from './fatca.ts'
import { seedHistoryDemo } from './history.ts'
import { seedExternalDemo } from './external-transfers.ts'
import { seedKycReviewDemo } from './kyc-review.ts'
import { seedBusinessDemo } from './business.ts'
import { seedCardsDemo } from './cards.ts'
import { seedInvoicesDemo } from './invoices.ts'
import { seedGlobalPaymentsDemo } from './global-payments.ts'
import { seedAnnouncementsDemo } from './announcements.ts'
import { seedContractsDemo } from './contracts.ts'
import { seedSupportDemo } from './support.ts'

export const demoPassword = 'Demo-2026!'

interface DemoCustomer {
  username: string
  loginFlow: 'simple' | 'direct'
  customer: typeof customers.$inferInsert
  /** Opening balances, and an optional pending hold on the first account. */
  accounts: { currencyCode: string; opening: string; hold?: string }[]
}

export const demoCustomers: DemoCustomer[] = [
  {
    username: 'demo@nova.example',
    loginFlow: 'direct',
    customer: {
      customerType: 0,
      firstName: 'Alex',
      lastName: 'Morgan',
      email: 'demo@nova.example',
      residenceCountryCode: 'GB',
      birthDay: '1990-04-12',
      verified: true,
      permissions: { sendMoneyUser: true, transferMoneyUser: true },
    },
    accounts: [
      { currencyCode: 'USD', opening: '1250.75', hold: '25.00' },
      { currencyCode: 'EUR', opening: '980.40' },
    ],
  },
  {
    username: 'business@nova.example',
    loginFlow: 'simple',
    customer: {
      customerType: 2,
      businessName: 'Northwind Trading Ltd',
      firstName: 'Sam',
      lastName: 'Taylor',
      email: 'business@nova.example',
      residenceCountryCode: 'LT',
      verified: true,
    },
    accounts: [
      { currencyCode: 'EUR', opening: '15400.00' },
      { currencyCode: 'USD', opening: '7200.50' },
    ],
  },
  {
    username: 'admin@nova.example',
    loginFlow: 'simple',
    customer: {
      customerType: 0,
      firstName: 'Robin',
      lastName: 'Admin',
      email: 'admin@nova.example',
      isAdmin: true,
      verified: true,
    },
    accounts: [],
  },
  {
    // An employee of business@nova.example's company with read access (company_users), and a
    // director the company could add (a potential user); both are personal customers.
    username: 'employee@nova.example',
    loginFlow: 'simple',
    customer: {
      customerType: 0,
      firstName: 'Casey',
      lastName: 'Park',
      email: 'employee@nova.example',
      residenceCountryCode: 'LT',
      verified: true,
    },
    accounts: [],
  },
  {
    username: 'director@nova.example',
    loginFlow: 'simple',
    customer: {
      customerType: 0,
      firstName: 'Jordan',
      lastName: 'Lee',
      email: 'director@nova.example',
      residenceCountryCode: 'LT',
      verified: true,
    },
    accounts: [],
  },
]

export async function seedDemo(db: Db): Promise<void> {
  for (const demo of demoCustomers) {
    const [existing] = await db.select().from(users).where(eq(users.username, demo.username))
    if (existing) continue
    const [customer] = await db.insert(customers).values(demo.customer).returning()
    if (!customer) throw new Error('assertion: demo customer inserted')
    await db.insert(users).values({
      username: demo.username,
      passwordHash: await hashPassword(demoPassword),
      customerId: customer.id,
      loginFlow: demo.loginFlow,
    })
    for (const account of demo.accounts) {
      await fundDemoAccount(db, customer.id, demo.username, account)
    }
  }
  await seedDemoCustomerRecords(db)
  await seedSecurityDemo(db, demoPassword)
  await seedDemoAuth(db, demoPassword)
  await seedPublicApiDemo(db)
  await seedMerchantDemo(db)
  await seedTransfersDemo(db, demoPassword)
  await seedRoutingDemo(db, demoPassword)
  await seedHistoryDemo(db, demoPassword)
  await seedExternalDemo(db)
  await seedApproverDemo(db, demoPassword)
  await seedBusinessDemo(db)
  await seedKycReviewDemo(db, demoPassword)
  // Last, so the ids of the demo rows before it stay what the tests name.
  await seedFatcaDemo(db, demoPassword)
  // After it, for the same reason: the cards' accounts follow every other demo account.
  await seedCardsDemo(db)
  // Last of all: invoices point at the accounts and customers above.
  await seedInvoicesDemo(db)
  // After the invoices, so that no id the tests name moves: business@'s global payments.
  await seedGlobalPaymentsDemo(db)
  // The bank's news: ids of their own, so the order does not matter.
  await seedAnnouncementsDemo(db)
  // The revenue-split contracts: ids of their own as well, after the Harbor companies.
  await seedContractsDemo(db)
  // Support tickets: ids of their own; their one stored file comes after every other.
  await seedSupportDemo(db)
}

async function fundDemoAccount(
  db: Db,
  customerId: number,
  username: string,
  account: DemoCustomer['accounts'][number],
): Promise<void> {
  const { currencyCode } = account
  const scale = scaleOf(currencyCode)
  const accountId = await openCustomerAccount(db, {
    customerId,
    currencyCode,
    type: AccountType.Payment,
  })
  const clearing = await houseAccount(db, 'clearing:demo', currencyCode)
  const opening = toMinor(account.opening, scale)
  await postTransfer(db, {
    idempotencyKey: `demo-opening:${username}:${currencyCode}`,
    kind: 'demo_opening',
    description: 'Demo opening balance',
    postings: [
      { accountId: clearing, currencyCode, amountMinor: -opening },
      { accountId, currencyCode, amountMinor: opening },
    ],
  })
  if (account.hold) {
    const hold = toMinor(account.hold, scale)
    await postTransfer(db, {
      idempotencyKey: `demo-hold:${username}:${currencyCode}`,
      kind: 'demo_card_hold',
      description: 'Card authorisation hold',
      status: 'pending',
      postings: [
        { accountId, currencyCode, amountMinor: -hold },
        { accountId: clearing, currencyCode, amountMinor: hold },
      ],
    })
  }
}

/** A date `days` before today (UTC, yyyy-mm-dd), so demo documents never age out. */
function daysAgo(days: number, now = new Date()): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10)
}

function daysAgoAt(days: number, now = new Date()): Date {
  return new Date(now.getTime() - days * 86_400_000)
}

const demoRecordSeeders: Record<string, (db: Db, customerId: number) => Promise<void>> = {
  'demo@nova.example': seedPersonalRecords,
  'business@nova.example': seedBusinessRecords,
}

/**
 * Addresses, documents, e-mails, phones and KYC state of the demo customers, added once per
 * customer (a KYC profile row marks them done), also to a database seeded before they existed.
 */
async function seedDemoCustomerRecords(db: Db): Promise<void> {
  for (const [username, seed] of Object.entries(demoRecordSeeders)) {
    const [user] = await db.select().from(users).where(eq(users.username, username))
    if (!user) continue
    const [profile] = await db
      .select({ customerId: kycProfiles.customerId })
      .from(kycProfiles)
      .where(eq(kycProfiles.customerId, user.customerId))
    if (profile) continue
    await seed(db, user.customerId)
  }
}

/** demo@nova.example: confirmed GB home address and passport, primary e-mail and phone. */
async function seedPersonalRecords(db: Db, customerId: number): Promise<void> {
  const username = 'demo@nova.example'
  await db.insert(kycProfiles).values({
    customerId,
    birthCountryCode: 'GB',
    birthCity: 'Manchester',
    citizenshipCountryCodes: ['GB'],
    occupationId: 12,
    sourceOfFundsIds: [1],
    purposeIds: [2],
    estimatedMonthlyDepositId: 2,
    fatcaSelfCertificationStatus: 'validated',
    fatcaW8BenStatus: 'validated',
    fatcaW9Status: 'notRequired',
    fatcaLossOfNationalityStatus: 'notRequired',
  })
  const [home] = await db
    .insert(customerAddresses)
    .values({
      customerId,
      addressType: 1,
      address1: '221B Baker Street',
      address2: 'Flat 2',
      city: 'London',
      postalCode: 'NW1 6XE',
      countryCode: 'GB',
      status: 1,
    })
    .returning()
  if (!home) throw new Error('assertion: demo address inserted')
  const personalDocuments = await db
    .insert(customerDocuments)
    .values([
      { customerId, categoryId: 1, statusId: 2 },
      { customerId, categoryId: 2, statusId: 2, addressId: home.id },
    ])
    .returning()
  const identity = personalDocuments.find((row) => row.categoryId === 1)
  const proofOfAddress = personalDocuments.find((row) => row.categoryId === 2)
  if (!identity || !proofOfAddress) throw new Error('assertion: demo documents inserted')
  await db.insert(uploadedDocuments).values([
    {
      customerId,
      documentId: identity.id,
      documentTypeId: 1,
      statusId: 2,
      number: '533401234',
      issuedDate: '2021-03-15',
      expiresDate: '2031-03-14',
      createdUsername: username,
      fileName: 'passport.jpg',
      contentType: 'image/jpeg',
      sizeBytes: 482_113,
      uploadedAt: daysAgoAt(40),
    },
    {
      customerId,
      documentId: proofOfAddress.id,
      documentTypeId: 11,
      statusId: 2,
      issuedDate: daysAgo(45),
      createdUsername: username,
      fileName: 'utility-bill.pdf',
      contentType: 'application/pdf',
      sizeBytes: 120_551,
      uploadedAt: daysAgoAt(30),
    },
  ])
  await db.insert(customerEmails).values([
    { customerId, emailAddress: username, isPrimary: true, confirmedAt: daysAgoAt(400) },
    { customerId, emailAddress: 'alex.morgan@mail.example', isPrimary: false },
  ])
  await db.insert(customerPhones).values({
    customerId,
    countryCode: '44',
    number: '7700900123',
    isPrimary: true,
    confirmedAt: daysAgoAt(400),
  })
}

/**
 * business@nova.example: a confirmed company registration, and a business address pending
 * while its proof is under investigation, which an open account-investigation limit reason
 * asked for.
 */
async function seedBusinessRecords(db: Db, customerId: number): Promise<void> {
  const username = 'business@nova.example'
  await db.insert(kycProfiles).values({ customerId, fatcaSelfCertificationStatus: 'pending' })
  const [office] = await db
    .insert(customerAddresses)
    .values({
      customerId,
      addressType: 2,
      address1: 'Gedimino pr. 1',
      city: 'Vilnius',
      postalCode: '01103',
      countryCode: 'LT',
      status: 2,
    })
    .returning()
  if (!office) throw new Error('assertion: demo address inserted')
  const businessDocuments = await db
    .insert(customerDocuments)
    .values([
      { customerId, categoryId: 4, statusId: 2 },
      { customerId, categoryId: 7, statusId: 31, addressId: office.id },
    ])
    .returning()
  const registration = businessDocuments.find((row) => row.categoryId === 4)
  const addressProof = businessDocuments.find((row) => row.categoryId === 7)
  if (!registration || !addressProof) throw new Error('assertion: demo documents inserted')
  const [reason] = await db
    .insert(customerLimitReasons)
    .values({ customerId, actionTypeId: 5, requiredCategoryIds: [7] })
    .returning()
  if (!reason) throw new Error('assertion: demo limit reason inserted')
  await db.insert(uploadedDocuments).values([
    {
      customerId,
      documentId: registration.id,
      documentTypeId: 31,
      statusId: 2,
      issuedDate: '2019-06-03',
      createdUsername: username,
      fileName: 'certificate-of-incorporation.pdf',
      contentType: 'application/pdf',
      sizeBytes: 230_004,
      uploadedAt: daysAgoAt(90),
    },
    {
      customerId,
      documentId: addressProof.id,
      limitReasonId: reason.id,
      documentTypeId: 71,
      statusId: 31,
      issuedDate: daysAgo(20),
      createdUsername: username,
      fileName: 'office-electricity-bill.pdf',
      contentType: 'application/pdf',
      sizeBytes: 98_310,
      uploadedAt: daysAgoAt(12),
    },
  ])
  await db.insert(customerEmails).values({
    customerId,
    emailAddress: username,
    isPrimary: true,
    confirmedAt: daysAgoAt(200),
  })
}
