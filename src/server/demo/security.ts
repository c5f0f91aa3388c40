// Demo data of the security settings, added once (the employee's company_users row marks it
// done): company access for business@nova.example's company, an IP whitelist, a blacklisted
// payee, a notification choice and a month of sign-ins for demo@nova.example, and a password
// change and a two-step change waiting for their codes for employee@nova.example. The two
// waiting changes carry fixed keys and codes (their messages are in the outbox) so the demo and
// the conformance suite can confirm them without reading a mailbox; they live a day.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { loginHistory, users } from '../db/schema.ts'
import {
  companyPotentialUsers,
  companyUsers,
  ipWhitelistEntries,
  notificationPreferences,
  payoutBlacklist,
} from '../db/schema-security.ts'
import { hashPassword } from '../auth/password-hash.ts'
import { issueConfirmation } from '../security/confirmations.ts'
import { normaliseIpRange } from '../security/ip-address.ts'
import { isFieldError } from '../security/field-error.ts'
import { AccessRight } from '../../generated/constants.ts'
import { twoStepParams } from '../security/two-step-modes.ts'

/** The waiting changes of employee@nova.example (test/conformance/happy-paths/security.yaml). */
export const demoPendingPasswordChange = { requestKey: 'demo-password-change', code: '246810' }
export const demoPendingTwoStepChange = { requestKey: 'demo-two-step-change', code: '135790' }

/** Sign-ins seeded for demo@nova.example, one a day before today. */
export const demoLoginHistoryDays = 24

const dayMs = 86_400_000

async function userIdOf(db: Db, username: string): Promise<number | undefined> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, username))
  return user?.id
}

async function customerIdOf(db: Db, username: string): Promise<number | undefined> {
  const [user] = await db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.username, username))
  return user?.customerId
}

export async function seedSecurityDemo(db: Db, passwordOfDemo: string): Promise<void> {
  const company = await customerIdOf(db, 'business@nova.example')
  const employee = await userIdOf(db, 'employee@nova.example')
  const director = await userIdOf(db, 'director@nova.example')
  const demoUser = await userIdOf(db, 'demo@nova.example')
  const demoCustomer = await customerIdOf(db, 'demo@nova.example')
  const employeeCustomer = await customerIdOf(db, 'employee@nova.example')
  if (!company || !employee || !director || !demoUser || !demoCustomer || !employeeCustomer) return
  const [done] = await db
    .select()
    .from(companyUsers)
    .where(and(eq(companyUsers.companyCustomerId, company), eq(companyUsers.userId, employee)))
  if (done) return

  await db
    .insert(companyUsers)
    .values({ companyCustomerId: company, userId: employee, accessRight: AccessRight.Read })
  await db
    .insert(companyPotentialUsers)
    .values({ companyCustomerId: company, userId: director, positionIds: [2] })
  await seedWhitelist(db, demoCustomer)
  await db
    .insert(payoutBlacklist)
    .values({ customerId: demoCustomer, email: 'chargeback@mail.example', blockType: 1 })
  await db
    .insert(notificationPreferences)
    .values({ customerId: demoCustomer, identified: 'productUpdates', value: true })
  await seedLoginHistory(db, demoUser)
  await seedPendingChanges(db, employee, employeeCustomer, passwordOfDemo)
}

/** Ids 210001-210003 in a fresh database: an address, an IPv4 range and an IPv6 range. */
async function seedWhitelist(db: Db, customerId: number): Promise<void> {
  const entries: [string, string?][] = [
    ['203.0.113.10'],
    ['198.51.100.0', '198.51.100.255'],
    ['2001:db8:85a3::', '2001:db8:85a3::ffff'],
  ]
  for (const [ip, toIp] of entries) {
    const range = normaliseIpRange(ip, toIp)
    if (isFieldError(range)) throw new Error(`assertion: demo whitelist entry ${ip} is valid`)
    await db.insert(ipWhitelistEntries).values({ customerId, ...range })
  }
}

async function seedLoginHistory(db: Db, userId: number, now = Date.now()): Promise<void> {
  const rows = Array.from({ length: demoLoginHistoryDays }, (_, index) => {
    const day = index + 1
    return {
      userId,
      username: 'demo@nova.example',
      ip: day % 3 === 0 ? '198.51.100.23' : '203.0.113.10',
      userAgent:
        day % 2 === 0
          ? 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 Safari/605.1.15'
          : 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Mobile/15E148',
      // Every seventh day a mistyped password just before the sign-in.
      success: day % 7 !== 0,
      reason: day % 7 === 0 ? 'wrong password' : '',
      createdAt: new Date(now - day * dayMs),
    }
  })
  await db.insert(loginHistory).values(rows)
}

async function seedPendingChanges(
  db: Db,
  userId: number,
  customerId: number,
  passwordOfDemo: string,
): Promise<void> {
  const destination = { channel: 'email', recipient: 'employee@nova.example' } as const
  await issueConfirmation(db, {
    kind: 'passwordChange',
    userId,
    customerId,
    // The new password is the demo password again, so confirming it keeps the sign-in printed.
    payload: { passwordHash: await hashPassword(passwordOfDemo) },
    destination,
    lang: 'en',
    mail: 'passwordChangeCode',
    params: (code) => ({ code }),
    fixed: { ...demoPendingPasswordChange, lifetimeMs: dayMs },
  })
  await issueConfirmation(db, {
    kind: 'twoStepMode',
    userId,
    customerId,
    payload: { typeMode: 'transaction', mode: 'otp' },
    destination,
    lang: 'en',
    mail: 'twoStepCode',
    params: (code) => twoStepParams('en', 'transaction', 'otp', code),
    fixed: { ...demoPendingTwoStepChange, lifetimeMs: dayMs },
  })
}
