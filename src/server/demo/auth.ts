// Demo users of the sign-in flows (product-spec section 4), one per flow, all with the demo
// password. Their second factors are fixed so that the demo and the browser tests can play
// the phone: the TOTP secret below goes into any authenticator app, SMS codes and pushes
// appear in the demo mailbox (GET /demo/mailbox?recipient=...).
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerEmails, customerPhones, customers, users } from '../db/schema.ts'
import {
  accountCodes,
  authDevices,
  authFactors,
  emailConfirmations,
  oauthClients,
} from '../db/schema-auth.ts'
import { issueEmailConfirmation } from '../activation/email-confirmations.ts'
import { companyUsers } from '../db/schema-security.ts'
import { activationLink, issueAccountCode, newAccountCode } from '../activation/account-codes.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { sealTotpSecret } from '../auth/factors.ts'
import { sha256 } from '../auth/tokens.ts'

/** The TOTP secret of otp@nova.example (base32; RFC 6238 test key "12345678901234567890"). */
export const demoTotpSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
/** The secret of push@nova.example's linked phone, for authToken {secret} as the app would. */
export const demoDeviceSecret = 'demo-push-phone-secret-not-for-production'
export const demoDeviceId = '00000000-0000-4000-8000-00000000d001'
export const demoSmsPhone = { countryCode: '44', number: '7700900456' }
/** The approve code of the pending demo devices that carry one (demo data only). */
export const demoApproveCode = '246810'

/**
 * devices@nova.example shows the device screens with something on them: approved and pending
 * devices, two of them waiting with the demo approve code. The ids are fixed so that the
 * conformance happy paths (test/conformance/happy-paths/auth.yaml) can name them.
 */
const demoDeviceSet: { id: string; name: string; status: 'approved' | 'pending'; code?: true }[] = [
  { id: '00000000-0000-4000-8000-00000000d101', name: 'Work phone', status: 'approved' },
  { id: '00000000-0000-4000-8000-00000000d102', name: 'New phone', status: 'pending' },
  { id: '00000000-0000-4000-8000-00000000d103', name: 'Old phone', status: 'approved' },
  { id: '00000000-0000-4000-8000-00000000d104', name: 'Old tablet', status: 'approved' },
  { id: '00000000-0000-4000-8000-00000000d105', name: 'Spare phone', status: 'approved' },
  { id: '00000000-0000-4000-8000-00000000d106', name: 'Tablet', status: 'pending', code: true },
  { id: '00000000-0000-4000-8000-00000000d107', name: 'Watch', status: 'pending', code: true },
  { id: '00000000-0000-4000-8000-00000000d108', name: 'Second phone', status: 'pending' },
  { id: '00000000-0000-4000-8000-00000000d109', name: 'Car', status: 'approved' },
]

interface DemoAuthUser {
  username: string
  loginFlow: 'direct' | 'otp' | 'sms' | 'push' | 'verifyDevice'
  login2faMode: string
  firstName: string
  migration?: { req: 'soft' | 'strict'; days: number }
}

export const demoAuthUsers: DemoAuthUser[] = [
  { username: 'otp@nova.example', loginFlow: 'otp', login2faMode: 'otp', firstName: 'Otto' },
  { username: 'sms@nova.example', loginFlow: 'sms', login2faMode: 'sms', firstName: 'Sam' },
  { username: 'push@nova.example', loginFlow: 'push', login2faMode: 'push', firstName: 'Pat' },
  {
    username: 'devices@nova.example',
    loginFlow: 'direct',
    login2faMode: 'no',
    firstName: 'Devon',
  },
  {
    username: 'recovery@nova.example',
    loginFlow: 'direct',
    login2faMode: 'no',
    firstName: 'Reese',
  },
  {
    username: 'verify@nova.example',
    loginFlow: 'verifyDevice',
    login2faMode: 'no',
    firstName: 'Vera',
  },
  {
    username: 'soft@nova.example',
    loginFlow: 'direct',
    login2faMode: 'no',
    firstName: 'Sofia',
    migration: { req: 'soft', days: 14 },
  },
  {
    username: 'strict@nova.example',
    loginFlow: 'direct',
    login2faMode: 'no',
    firstName: 'Stella',
    migration: { req: 'strict', days: 0 },
  },
]

export async function seedDemoAuth(db: Db, password: string): Promise<void> {
  await seedUsers(db, password)
  await seedPendingActivations(db, password)
  await db.insert(oauthClients).values(demoOauthClient).onConflictDoNothing()
  await seedEmailConfirmation(db)
}

/** demo@'s second address waits for confirmation; its link is in the demo mailbox. */
async function seedEmailConfirmation(db: Db): Promise<void> {
  const [email] = await db
    .select()
    .from(customerEmails)
    .where(eq(customerEmails.emailAddress, 'alex.morgan@mail.example'))
  if (!email || email.confirmedAt) return
  const [sent] = await db
    .select({ id: emailConfirmations.id })
    .from(emailConfirmations)
    .where(eq(emailConfirmations.emailId, email.id))
  if (!sent) await issueEmailConfirmation(db, email.id)
}

/** A sei client of the demo, redirecting to a local page (GET /auth/sei/authorize). */
export const demoOauthClient = {
  clientId: 'sei-demo',
  name: 'Demo partner',
  redirectUris: ['http://localhost:4000/callback'],
}

async function seedUsers(db: Db, password: string): Promise<void> {
  for (const demo of demoAuthUsers) {
    const [existing] = await db.select().from(users).where(eq(users.username, demo.username))
    if (existing) continue
    const [customer] = await db
      .insert(customers)
      .values({
        customerType: 0,
        firstName: demo.firstName,
        lastName: 'Demo',
        email: demo.username,
        residenceCountryCode: 'GB',
        verified: true,
        login2faMode: demo.login2faMode,
      })
      .returning()
    if (!customer) throw new Error('assertion: demo customer inserted')
    const [user] = await db
      .insert(users)
      .values({
        username: demo.username,
        passwordHash: await hashPassword(password),
        customerId: customer.id,
        loginFlow: demo.loginFlow,
      })
      .returning()
    if (!user) throw new Error('assertion: demo user inserted')
    await seedFactors(db, demo, user.id, customer.id)
  }
}

async function seedFactors(db: Db, demo: DemoAuthUser, userId: number, customerId: number) {
  if (demo.loginFlow === 'otp') {
    const sealed = await sealTotpSecret(db, userId, demoTotpSecret)
    await db.insert(authFactors).values({ userId, totpSecretSealed: sealed })
  }
  if (demo.loginFlow === 'sms') {
    await db
      .insert(customerPhones)
      .values({ customerId, ...demoSmsPhone, isPrimary: true, confirmedAt: new Date() })
  }
  if (demo.loginFlow === 'push') {
    await db.insert(authFactors).values({ userId, scp: 'push' })
    await db.insert(authDevices).values({
      id: demoDeviceId,
      userId,
      name: 'Demo phone',
      type: 'android',
      status: 'approved',
      secretHash: sha256(demoDeviceSecret),
      approvedAt: new Date(),
    })
  }
  if (demo.username === 'devices@nova.example') await seedDeviceSet(db, userId)
  if (demo.migration) {
    const deadline = new Date(Date.now() + demo.migration.days * 86_400_000)
    await db.insert(authFactors).values({
      userId,
      migration: demo.migration.req,
      migrationDeadline: demo.migration.req === 'soft' ? deadline : null,
    })
  }
}

async function seedDeviceSet(db: Db, userId: number): Promise<void> {
  const tenYears = new Date(Date.now() + 10 * 365 * 86_400_000)
  await db.insert(authDevices).values(
    demoDeviceSet.map((device) => ({
      id: device.id,
      userId,
      name: device.name,
      type: 'ios',
      status: device.status,
      secretHash: sha256(`demo-device-secret-${device.id}`),
      approvedAt: device.status === 'approved' ? new Date() : null,
      ...(device.code
        ? {
            approveMethod: 'email',
            approveCodeHash: createHash('sha256')
              .update(`${device.id}:${demoApproveCode}`)
              .digest('base64url'),
            approveCodeExpiresAt: tenYears,
          }
        : {}),
    })),
  )
}

/**
 * Accounts waiting for activation (product-spec section 4): pending@ (personal) and newco@
 * (a business) have their activation e-mail in the demo mailbox; staff@, an authorized user
 * of newco@, gets theirs when newco@ is activated.
 */
async function seedPendingActivations(db: Db, password: string): Promise<void> {
  const [done] = await db.select().from(users).where(eq(users.username, 'pending@nova.example'))
  if (done) return
  const create = async (username: string, customer: typeof customers.$inferInsert) => {
    const [row] = await db.insert(customers).values(customer).returning()
    if (!row) throw new Error('assertion: demo customer inserted')
    const [user] = await db
      .insert(users)
      .values({ username, passwordHash: await hashPassword(password), customerId: row.id })
      .returning()
    if (!user) throw new Error('assertion: demo user inserted')
    return user
  }
  const personal = await create('pending@nova.example', {
    customerType: 0,
    firstName: 'Penny',
    lastName: 'Demo',
    email: 'pending@nova.example',
  })
  const company = await create('newco@nova.example', {
    customerType: 2,
    businessName: 'Newco Demo Ltd',
    email: 'newco@nova.example',
    hasRelatedAccounts: true,
  })
  const staff = await create('staff@nova.example', {
    customerType: 0,
    firstName: 'Stan',
    lastName: 'Demo',
    email: 'staff@nova.example',
  })
  await db
    .insert(companyUsers)
    .values({ companyCustomerId: company.customerId, userId: staff.id, accessRight: 5 })
  const send = (user: typeof personal, purpose: 'activation' | 'activationBusiness') =>
    issueAccountCode(db, user.id, purpose, {
      recipient: user.username,
      lang: 'en',
      mail: 'activation',
      params: (code) => ({ code, link: activationLink(purpose, user.username, code) }),
    })
  await send(personal, 'activation')
  await send(company, 'activationBusiness')
  // Held until the company is activated: nobody knows this code, a new one is sent then.
  await db.insert(accountCodes).values({
    userId: staff.id,
    purpose: 'activationEmployee',
    codeHash: sha256(newAccountCode()),
    expiresAt: new Date(Date.now() + 30 * 86_400_000),
  })
}
