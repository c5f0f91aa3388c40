// Publishing on the realtime channel (product-spec section 7; DESIGN.md section 7). Every
// event goes through PostgreSQL NOTIFY, on PostgreSQL and on PGlite alike: called with a
// transaction, the event leaves when the transaction commits and never when it rolls back;
// each server instance LISTENs (hub.ts) and hands the event to its own WebSocket clients.
import { sql } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'

/** The one NOTIFY channel of the portal. */
export const notifyChannel = 'portal_realtime'
/** NOTIFY payloads must stay under 8000 bytes; events are small, a larger one is a bug. */
const maxPayloadBytes = 7900

export type RealtimeMessage = Record<string, unknown>

export const userChannel = (userId: number): string => `user:${userId}`
export const customerChannel = (customerId: number): string => `customer:${customerId}`
/** The browser waiting for a push sign-in decision listens under its code's hash. */
export const loginChannel = (codeHash: string): string => `login:${codeHash}`

/** Internal: the sockets of one sign-in (refresh family) close when it is revoked. */
export const sessionChannel = (familyId: string): string => `session:${familyId}`
/** Internal: every socket of a user closes when all the user's sign-ins end. */
export const userSessionsChannel = (userId: number): string => `sessions:${userId}`

/** Sends a message to everyone subscribed to the channel, on every instance. */
export async function publish(db: Db, channel: string, message: RealtimeMessage): Promise<void> {
  const payload = JSON.stringify({ channel, message })
  if (Buffer.byteLength(payload) > maxPayloadBytes) {
    throw new Error(`assertion: a realtime event fits in a NOTIFY payload (${channel})`)
  }
  await db.execute(sql`select pg_notify(${notifyChannel}, ${payload})`)
}

/** The events of product-spec section 7 for a signed-in user. */
export function publishToUser(db: Db, userId: number, message: RealtimeMessage): Promise<void> {
  return publish(db, userChannel(userId), message)
}

/** A customer's events (notifications, transaction events) reach all who act for it. */
export function publishToCustomer(
  db: Db,
  customerId: number,
  message: RealtimeMessage,
): Promise<void> {
  return publish(db, customerChannel(customerId), message)
}
