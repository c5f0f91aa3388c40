// Merchant API keys: 32 random bytes behind a recognisable prefix, shown once at creation
// and stored as a SHA-256 hash (DESIGN.md section 11). A slow password hash buys nothing for
// a random 256-bit value, and a plain hash lets a call find its key with one index lookup.
import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { apiKeys } from '../db/schema-public-api.ts'

const keyPrefix = 'mk_'
/** How much of a key the lists show: the prefix and the first eight random characters. */
const shownLength = keyPrefix.length + 8

export interface NewApiKey {
  key: string
  keyHash: string
  keyPrefix: string
}

export function apiKeyHash(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex')
}

export function apiKeyFrom(key: string): NewApiKey {
  return { key, keyHash: apiKeyHash(key), keyPrefix: key.slice(0, shownLength) }
}

export function newApiKey(): NewApiKey {
  return apiKeyFrom(`${keyPrefix}${randomBytes(32).toString('base64url')}`)
}

/** The key row a presented key belongs to, by its hash. */
export async function findApiKey(db: Db, presented: string) {
  if (presented.length > 200) return undefined
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(eq(apiKeys.keyHash, apiKeyHash(presented)))
  return row
}
