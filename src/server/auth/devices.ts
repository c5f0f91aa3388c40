// Linked mobile devices (product-spec sections 3, 4 and 6). A device is linked pending: the
// portal shows its link as a QR code, the app scans it and keeps the device secret it
// carries; the user approves the device with a code sent by a method of their choice (e-mail
// or SMS), or another server grants or refuses it with a reason. An approved device confirms
// push sign-ins and may exchange its secret for tokens of its own (authToken with secret).
import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto'
import { and, desc, eq, gt, inArray, isNull, like, lt, sql } from 'drizzle-orm'
import { outboxMessages } from '../db/schema-outbox.ts'
import type { Db } from '../db/open-database.ts'
import { authDevices, authFactors } from '../db/schema-auth.ts'
import { refreshTokens, users } from '../db/schema.ts'
import {
  confirmedPhoneOf,
  emailOfUser,
  enqueueMessage,
  maskDestination,
} from '../security/outbox.ts'
import type { Destination } from '../security/outbox.ts'
import type { components } from '../../generated/api.d.ts'
import { randomToken, sha256 } from './tokens.ts'
import { maxFailedAttempts } from './login-attempts.ts'
import { subjectsOf } from '../messages/messages.ts'
import { languageOfUser } from '../messages/reader-language.ts'

export type DeviceView = components['schemas']['Device']
export type DeviceRow = typeof authDevices.$inferSelect
export type ApproveMethod = components['schemas']['AuthDeviceApproveMethod']

/** The deep link scheme of the mobile app. */
export const appLinkBase = 'novapay://link-device'
const approveCodeLifetimeMs = 10 * 60 * 1000

export function deviceView(row: DeviceRow): DeviceView {
  return {
    id: row.id,
    type: row.type as DeviceView['type'],
    name: row.name,
    status: row.status as DeviceView['status'],
    ...(row.reason ? { reason: row.reason } : {}),
    ...(row.location ? { location: row.location } : {}),
    ...(row.lastActivityAt ? { lastActivityAt: row.lastActivityAt.toISOString() } : {}),
    createdAt: row.createdAt.toISOString(),
  }
}

export interface NewDevice {
  name: string
  type: 'android' | 'ios'
  pushToken?: string | undefined
  secret?: string | undefined
  status?: 'pending' | 'approved'
}

/** Links a device; the answer carries its secret and link once, never again. */
export async function createDevice(db: Db, userId: number, input: NewDevice): Promise<DeviceView> {
  const id = randomUUID()
  const secret = input.secret ?? randomToken()
  const [row] = await db
    .insert(authDevices)
    .values({
      id,
      userId,
      name: input.name,
      type: input.type,
      status: input.status ?? 'pending',
      secretHash: sha256(secret),
      pushToken: input.pushToken ?? null,
      approvedAt: input.status === 'approved' ? new Date() : null,
    })
    .returning()
  if (!row) throw new Error('assertion: the device row was inserted')
  const code = id.slice(0, 8).toUpperCase()
  const link = `${appLinkBase}?${new URLSearchParams({ device: id, secret }).toString()}`
  return { ...deviceView(row), code, secret, link }
}

export async function devicesOf(db: Db, userId: number): Promise<DeviceRow[]> {
  return db
    .select()
    .from(authDevices)
    .where(and(eq(authDevices.userId, userId), isNull(authDevices.deletedAt)))
    .orderBy(desc(authDevices.createdAt))
}

export async function approvedDevicesOf(db: Db, userId: number): Promise<DeviceRow[]> {
  return (await devicesOf(db, userId)).filter((row) => row.status === 'approved')
}

/** A device of the user that is not deleted; ids longer than the spec allows name nothing. */
export async function deviceOf(
  db: Db,
  userId: number,
  deviceId: string | undefined,
): Promise<DeviceRow | undefined> {
  if (!deviceId || deviceId.length > 64) return undefined
  const [row] = await db
    .select()
    .from(authDevices)
    .where(
      and(
        eq(authDevices.id, deviceId),
        eq(authDevices.userId, userId),
        isNull(authDevices.deletedAt),
      ),
    )
  return row
}

/**
 * Unlinks a device and ends the sign-ins it holds; returns those sign-ins (refresh families),
 * which the token service then closes on this instance at once (TokenService.familiesEnded).
 */
export async function deleteDevice(db: Db, row: DeviceRow): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.update(authDevices).set({ deletedAt: new Date() }).where(eq(authDevices.id, row.id))
    const revoked = await tx
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(like(refreshTokens.familyId, `device:${row.id}:%`), isNull(refreshTokens.revokedAt)),
      )
      .returning({ familyId: refreshTokens.familyId })
    return [...new Set(revoked.map((token) => token.familyId))]
  })
}

async function methodDestinations(db: Db, userId: number): Promise<Map<string, Destination>> {
  const [user] = await db
    .select({ customerId: users.customerId })
    .from(users)
    .where(eq(users.id, userId))
  if (!user) throw new Error(`assertion: user ${userId} exists`)
  const methods = new Map<string, Destination>([['email', await emailOfUser(db, userId)]])
  const phone = await confirmedPhoneOf(db, user.customerId)
  if (phone) methods.set('sms', { channel: 'sms', recipient: phone })
  return methods
}

export async function approveMethods(db: Db, userId: number): Promise<ApproveMethod[]> {
  const labels: Record<string, string> = { email: 'Code by e-mail', sms: 'Code by SMS' }
  return [...(await methodDestinations(db, userId))].map(([id, destination]) => ({
    id,
    type: id,
    label: labels[id] ?? id,
    destination: maskDestination(destination),
  }))
}

function approveCodeHash(deviceId: string, code: string): string {
  return createHash('sha256').update(`${deviceId}:${code}`).digest('base64url')
}

export type MethodChoice = { sentTo: string } | 'unknownMethod' | 'notPending' | 'tooMany'

/** Approve codes sent per destination and hour (each is an e-mail or a paid SMS). */
export const maxApproveCodesPerHour = 5

/** Sends a fresh approve code by the chosen method; the older code stops working. */
export async function chooseApproveMethod(
  db: Db,
  device: DeviceRow,
  methodId: string,
): Promise<MethodChoice> {
  if (device.status !== 'pending') return 'notPending'
  const destination = (await methodDestinations(db, device.userId)).get(methodId)
  if (!destination) return 'unknownMethod'
  const [sent] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, destination.recipient),
        inArray(outboxMessages.subject, subjectsOf('deviceApprove')),
        gt(outboxMessages.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
  if ((sent?.count ?? 0) >= maxApproveCodesPerHour) return 'tooMany'
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  await db.transaction(async (tx) => {
    await tx
      .update(authDevices)
      .set({
        approveMethod: methodId,
        approveCodeHash: approveCodeHash(device.id, code),
        approveCodeExpiresAt: new Date(Date.now() + approveCodeLifetimeMs),
      })
      .where(eq(authDevices.id, device.id))
    await enqueueMessage(tx, {
      ...destination,
      lang: await languageOfUser(tx, device.userId),
      mail: 'deviceApprove',
      params: { device: device.name, code },
    })
  })
  return { sentTo: maskDestination(destination) }
}

export type Approval =
  | { outcome: 'approved'; device: DeviceRow }
  | { outcome: 'blocked' | 'noCode' | 'notPending' }
  | { outcome: 'wrongCode'; attemptsLeft: number }

/**
 * Approves a pending device with its code. Five wrong codes block the step (DESIGN.md
 * section 11); each try is counted before the check, so tries sent together get at most five
 * checks. Approving moves a user who is migrating to push two-factor (section 4).
 */
export async function approveDevice(db: Db, device: DeviceRow, code: string): Promise<Approval> {
  if (device.status !== 'pending') return { outcome: 'notPending' }
  if (device.approveFailedAttempts >= maxFailedAttempts) return { outcome: 'blocked' }
  if (!device.approveCodeHash || !device.approveCodeExpiresAt) return { outcome: 'noCode' }
  if (device.approveCodeExpiresAt <= new Date()) return { outcome: 'noCode' }
  const [reserved] = await db
    .update(authDevices)
    .set({ approveFailedAttempts: sql`${authDevices.approveFailedAttempts} + 1` })
    .where(
      and(eq(authDevices.id, device.id), lt(authDevices.approveFailedAttempts, maxFailedAttempts)),
    )
    .returning({ failed: authDevices.approveFailedAttempts })
  if (!reserved) return { outcome: 'blocked' }
  const given = Buffer.from(approveCodeHash(device.id, code))
  const expected = Buffer.from(device.approveCodeHash)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    const attemptsLeft = maxFailedAttempts - reserved.failed
    return attemptsLeft > 0 ? { outcome: 'wrongCode', attemptsLeft } : { outcome: 'blocked' }
  }
  return db.transaction(async (tx) => {
    const [approved] = await tx
      .update(authDevices)
      .set({ status: 'approved', approvedAt: new Date(), approveCodeHash: null })
      .where(and(eq(authDevices.id, device.id), eq(authDevices.status, 'pending')))
      .returning()
    if (!approved) return { outcome: 'notPending' as const }
    await finishMigration(tx, device.userId)
    return { outcome: 'approved' as const, device: approved }
  })
}

/** A migrating user with an approved device now signs in with push (product-spec section 4). */
export async function finishMigration(db: Db, userId: number): Promise<void> {
  const [factors] = await db.select().from(authFactors).where(eq(authFactors.userId, userId))
  const [user] = await db.select().from(users).where(eq(users.id, userId))
  const migrating = factors !== undefined && factors.migration !== 'none'
  if (!migrating && user?.loginFlow !== 'verifyDevice') return
  await db
    .insert(authFactors)
    .values({ userId, scp: 'push', migration: 'none' })
    .onConflictDoUpdate({
      target: authFactors.userId,
      set: { scp: 'push', migration: 'none', migrationDeadline: null, updatedAt: new Date() },
    })
  await db.update(users).set({ loginFlow: 'push' }).where(eq(users.id, userId))
}

/** Another server's decision on a device (product-spec section 4: granted or refused). */
export async function decideDevice(
  db: Db,
  device: DeviceRow,
  decision: 'approve' | 'refuse',
  reason: string | undefined,
): Promise<DeviceRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(authDevices)
      .set(
        decision === 'approve'
          ? { status: 'approved', approvedAt: new Date(), reason: reason ?? null }
          : { status: 'refused', reason: reason ?? 'Refused.' },
      )
      .where(eq(authDevices.id, device.id))
      .returning()
    if (!row) throw new Error('assertion: the decided device exists')
    if (decision === 'approve') await finishMigration(tx, device.userId)
    return row
  })
}
