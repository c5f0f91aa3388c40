// A user's second factors and migration state (auth_factors); no row means every default.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { authFactors } from '../db/schema-auth.ts'
import { openSecret, sealSecret } from '../secrets/sealed-secret.ts'

export type FactorsRow = typeof authFactors.$inferSelect

export async function factorsOf(db: Db, userId: number): Promise<FactorsRow> {
  const [row] = await db.select().from(authFactors).where(eq(authFactors.userId, userId))
  return (
    row ?? {
      userId,
      totpSecretSealed: null,
      scp: 'none',
      profileType: 1,
      migration: 'none',
      migrationDeadline: null,
      updatedAt: new Date(0),
    }
  )
}

const totpBinding = (userId: number) => `totp:${userId}`

export function sealTotpSecret(db: Db, userId: number, secret: string): Promise<string> {
  return sealSecret(db, secret, totpBinding(userId))
}

export async function totpSecretOf(db: Db, factors: FactorsRow): Promise<string | undefined> {
  if (!factors.totpSecretSealed) return undefined
  return openSecret(db, factors.totpSecretSealed, totpBinding(factors.userId))
}

export function openTotpSecret(db: Db, userId: number, sealed: string): Promise<string> {
  return openSecret(db, sealed, totpBinding(userId))
}

/** Days left of a soft migration, rounded up; 0 once the deadline has passed. */
export function daysLeft(deadline: Date | null, now = new Date()): number {
  if (!deadline) return 0
  return Math.max(0, Math.ceil((deadline.getTime() - now.getTime()) / 86_400_000))
}
