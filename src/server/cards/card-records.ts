// The card issuer's side of each card (db/schema-cards.ts): number and PIN sealed and bound to
// the card, so a sealed value copied to another card does not open (secrets/sealed-secret.ts).
import { eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { cardRecords } from '../db/schema-cards.ts'
import { openSecret, sealSecret } from '../secrets/sealed-secret.ts'

export type CardRecord = typeof cardRecords.$inferSelect

const pinBinding = (accountId: number) => `card-pin:${accountId}`
const numberBinding = (accountId: number) => `card-number:${accountId}`

/** The first six and last four digits; the rest masked (product-spec section 5, 16 or more). */
export function maskCardNumber(number: string): string {
  if (number.length < 16) return number
  const masked = `${number.slice(0, 6)}${'*'.repeat(number.length - 10)}${number.slice(-4)}`
  return masked.replace(/(.{4})(?=.)/g, '$1 ')
}

export async function sealPin(db: Db, accountId: number, pin: string): Promise<string> {
  return sealSecret(db, pin, pinBinding(accountId))
}

export async function openPin(db: Db, record: CardRecord): Promise<string> {
  return openSecret(db, record.pinSealed, pinBinding(record.accountId))
}

export async function sealNumber(db: Db, accountId: number, number: string): Promise<string> {
  return sealSecret(db, number, numberBinding(accountId))
}

export async function cardRecordOf(
  db: Db,
  accountId: number,
  lock = false,
): Promise<CardRecord | undefined> {
  const query = db.select().from(cardRecords).where(eq(cardRecords.accountId, accountId))
  const [row] = lock ? await query.for('update') : await query
  return row
}

export async function cardRecordsOf(
  db: Db,
  accountIds: number[],
): Promise<Map<number, CardRecord>> {
  if (accountIds.length === 0) return new Map()
  const rows = await db.select().from(cardRecords).where(inArray(cardRecords.accountId, accountIds))
  return new Map(rows.map((row) => [row.accountId, row]))
}

export async function changeCardRecord(
  db: Db,
  accountId: number,
  change: Partial<Omit<CardRecord, 'accountId' | 'customerId'>>,
): Promise<CardRecord> {
  const [row] = await db
    .update(cardRecords)
    .set(change)
    .where(eq(cardRecords.accountId, accountId))
    .returning()
  if (!row) throw new Error(`assertion: card record ${accountId} exists`)
  return row
}
