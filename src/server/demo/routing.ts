// Demo data of post-login routing (product-spec section 2, "Post-login routing, in order" and
// the business start page): one sign-in per branch, the legal terms every brand customer has
// accepted plus an update one customer has not, and business@nova.example marked as kept in
// this portal (related accounts). docs/decisions.md, "Post-login routing data", lists who
// reaches which branch. Added once: the old-web user's row marks it done.
import { and, eq, lt, sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, kycProfiles, users } from '../db/schema.ts'
import { companyUsers } from '../db/schema-security.ts'
import { legalTerms, termsAcceptances } from '../db/schema-terms.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { houseAccount, openCustomerAccount } from '../ledger/house-accounts.ts'
import { postTransfer } from '../ledger/post-transfer.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { toMinor } from '../../shared/money.ts'
import { AccountType } from '../../generated/constants.ts'

const dayMs = 86_400_000
const oldWebUrl = 'https://old.wallet.nova.example/login'

/** FATCA forms with nothing to do, so a personal user's other branch shows alone. */
const fatcaDone = {
  fatcaSelfCertificationStatus: 'validated',
  fatcaW8BenStatus: 'validated',
  fatcaW9Status: 'notRequired',
  fatcaLossOfNationalityStatus: 'notRequired',
} as const

interface RoutingDemo {
  username: string
  customer: Omit<typeof customers.$inferInsert, 'email'>
  /** Opening balances; none leaves the company without balanceInfo. */
  accounts?: { currencyCode: string; opening: string }[]
  /** Written to kyc_profiles; absent leaves the customer without a profile. */
  kyc?: Partial<typeof kycProfiles.$inferInsert>
  /** Company users rows: this user's rights on other demo companies, by their username. */
  companies?: { username: string; accessRight: number; positionIds?: number[] }[]
  /** Days before today the customer signed up (terms in effect since then were accepted). */
  signedUpDaysAgo?: number
}

const business = (name: string) => ({
  customerType: 2,
  businessName: name,
  residenceCountryCode: 'GB',
  verified: true,
})
const personal = (firstName: string, lastName: string) => ({
  customerType: 0,
  firstName,
  lastName,
  residenceCountryCode: 'GB',
  birthDay: '1988-02-03',
  verified: true,
})

/**
 * In creation order: companies before the users who hold rights on them. Balances are in EUR
 * and USD only, the currencies the rest of the demo data uses.
 */
export const routingDemos: RoutingDemo[] = [
  {
    username: 'old-web@nova.example',
    customer: { ...business('Legacy Traders Ltd'), customerType: 1, useOldWeb: true, oldWebUrl },
  },
  {
    username: 'no-related@nova.example',
    customer: {
      ...business('Old Harbour Supplies Ltd'),
      oldWebUrl,
      firstName: 'Pat',
      lastName: 'Quill',
    },
    accounts: [{ currencyCode: 'EUR', opening: '640.00' }],
    kyc: { fatcaSelfCertificationStatus: 'validated' },
  },
  {
    username: 'retail@nova.example',
    customer: { ...business('Harbor Retail Ltd'), hasRelatedAccounts: true },
    accounts: [{ currencyCode: 'EUR', opening: '1200.00' }],
    kyc: { fatcaSelfCertificationStatus: 'validated' },
  },
  {
    username: 'labs@nova.example',
    customer: { ...business('Harbor Labs Ltd'), hasRelatedAccounts: true, verified: false },
  },
  {
    username: 'group@nova.example',
    customer: { ...business('Harbor Group Ltd'), hasRelatedAccounts: true },
    accounts: [
      { currencyCode: 'USD', opening: '5000.00' },
      { currencyCode: 'EUR', opening: '730.25' },
    ],
    kyc: { fatcaSelfCertificationStatus: 'validated' },
    companies: [
      { username: 'retail@nova.example', accessRight: 2, positionIds: [2] },
      { username: 'labs@nova.example', accessRight: 1 },
    ],
  },
  {
    username: 'tax-none@nova.example',
    customer: { ...business('Bluefin Exports Ltd'), hasRelatedAccounts: true },
    accounts: [{ currencyCode: 'EUR', opening: '800.00' }],
    kyc: { fatcaSelfCertificationStatus: 'none' },
  },
  {
    username: 'business-kyc@nova.example',
    customer: { ...business('Kestrel Media Ltd'), hasRelatedAccounts: true, needsKyc: true },
    accounts: [{ currencyCode: 'EUR', opening: '300.00' }],
    kyc: { fatcaSelfCertificationStatus: 'validated' },
  },
  {
    username: 'profile-update@nova.example',
    customer: { ...personal('Morgan', 'Reed'), needsPersonalInfoUpdate: true },
    kyc: fatcaDone,
  },
  {
    username: 'kyc@nova.example',
    customer: { ...personal('Jamie', 'Fox'), needsKyc: true, verified: false },
    kyc: fatcaDone,
  },
  {
    username: 'fatca@nova.example',
    customer: personal('Avery', 'Stone'),
    accounts: [{ currencyCode: 'USD', opening: '150.00' }],
    kyc: { ...fatcaDone, fatcaSelfCertificationStatus: 'none', fatcaW8BenStatus: 'none' },
  },
  {
    username: 'terms@nova.example',
    customer: personal('Taylor', 'Brooks'),
    accounts: [{ currencyCode: 'EUR', opening: '420.00' }],
    kyc: fatcaDone,
    signedUpDaysAgo: 200,
  },
]

/** The main brand's terms: the versions in force at sign-up, and an update 30 days old. */
function demoTerms(now: Date): (typeof legalTerms.$inferInsert)[] {
  const longAgo = new Date(now.getTime() - 400 * dayMs)
  const update = new Date(now.getTime() - 30 * dayMs)
  const base = 'https://wallet.nova.example/legal'
  return [
    { key: 'termsOfUse', version: 1, effectiveFrom: longAgo, label: 'Terms of Use' },
    { key: 'privacyPolicy', version: 1, effectiveFrom: longAgo, label: 'Privacy Policy' },
    { key: 'termsOfUse', version: 2, effectiveFrom: update, label: 'Terms of Use (updated)' },
    { key: 'privacyPolicy', version: 2, effectiveFrom: update, label: 'Privacy Policy (updated)' },
  ].map((term) => ({
    ...term,
    brandId: 'main',
    text: `I have read and accept the Nova Wallet ${term.label}`,
    url: `${base}/${term.key === 'termsOfUse' ? 'terms' : 'privacy'}?version=${term.version}`,
  }))
}

export async function seedRoutingDemo(db: Db, password: string): Promise<void> {
  // The demo businesses made by other seeds keep their accounts here: post-login routing gives
  // them the list. Set on every start, so a data folder seeded before keeps up.
  await db
    .update(customers)
    .set({ hasRelatedAccounts: true })
    .where(
      sql`${customers.id} in (select customer_id from users where username in ('business@nova.example', 'payroll@nova.example'))`,
    )
  const [done] = await db.select().from(users).where(eq(users.username, 'old-web@nova.example'))
  if (done) return
  const now = new Date()
  const passwordHash = await hashPassword(password)
  const userIds = new Map<string, number>()
  for (const demo of routingDemos) {
    userIds.set(demo.username, await createRoutingDemo(db, demo, passwordHash, now))
  }
  for (const demo of routingDemos) {
    for (const grant of demo.companies ?? []) {
      await db.insert(companyUsers).values({
        companyCustomerId: await customerIdOf(db, grant.username),
        userId: userIds.get(demo.username)!,
        accessRight: grant.accessRight,
        positionIds: grant.positionIds ?? [],
      })
    }
  }
  await seedDemoTerms(db, now, await customerIdOf(db, 'terms@nova.example'))
}

async function createRoutingDemo(
  db: Db,
  demo: RoutingDemo,
  passwordHash: string,
  now: Date,
): Promise<number> {
  const signedUp = new Date(now.getTime() - (demo.signedUpDaysAgo ?? 0) * dayMs)
  const [customer] = await db
    .insert(customers)
    .values({ ...demo.customer, email: demo.username, createdAt: signedUp })
    .returning({ id: customers.id })
  if (!customer) throw new Error('assertion: routing demo customer inserted')
  const [user] = await db
    .insert(users)
    .values({ username: demo.username, passwordHash, customerId: customer.id, loginFlow: 'simple' })
    .returning({ id: users.id })
  if (!user) throw new Error('assertion: routing demo user inserted')
  if (demo.kyc) await db.insert(kycProfiles).values({ ...demo.kyc, customerId: customer.id })
  for (const account of demo.accounts ?? []) {
    await fundAccount(db, customer.id, demo.username, account)
  }
  return user.id
}

async function customerIdOf(db: Db, username: string): Promise<number> {
  const [user] = await db.select().from(users).where(eq(users.username, username))
  if (!user) throw new Error(`assertion: demo user ${username} exists`)
  return user.customerId
}

/** An opening balance as a real ledger transfer from the demo clearing account. */
async function fundAccount(
  db: Db,
  customerId: number,
  username: string,
  account: { currencyCode: string; opening: string },
): Promise<void> {
  const { currencyCode } = account
  const accountId = await openCustomerAccount(db, {
    customerId,
    currencyCode,
    type: AccountType.Payment,
  })
  const clearing = await houseAccount(db, 'clearing:demo', currencyCode)
  const opening = toMinor(account.opening, scaleOf(currencyCode))
  await postTransfer(db, {
    idempotencyKey: `demo-opening:${username}:${currencyCode}`,
    kind: 'demo_opening',
    description: 'Demo opening balance',
    postings: [
      { accountId: clearing, currencyCode, amountMinor: -opening },
      { accountId, currencyCode, amountMinor: opening },
    ],
  })
}

/**
 * The terms, and their acceptance by every customer that existed before the update took
 * effect (a database seeded long ago), except the one demo customer left to accept it.
 */
async function seedDemoTerms(db: Db, now: Date, pendingCustomerId: number): Promise<void> {
  const terms = await db.insert(legalTerms).values(demoTerms(now)).returning()
  for (const term of terms.filter((row) => row.version > 1)) {
    await db.insert(termsAcceptances).select(
      db
        .select({
          customerId: customers.id,
          termId: sql<number>`${term.id}`.as('term_id'),
          userId: sql<number>`min(${users.id})`.as('user_id'),
          ip: sql<string>`'127.0.0.1'`.as('ip'),
          acceptedAt: sql<Date>`now()`.as('accepted_at'),
        })
        .from(customers)
        .innerJoin(users, eq(users.customerId, customers.id))
        .where(
          and(
            lt(customers.createdAt, term.effectiveFrom),
            sql`${customers.id} <> ${pendingCustomerId}`,
          ),
        )
        .groupBy(customers.id),
    )
  }
}
