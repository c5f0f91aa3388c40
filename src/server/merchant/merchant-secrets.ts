// The signing keys of PBN and IPN notifications (product-spec section 7: "a secret flag
// regenerates the key"). A key is 32 random bytes, answered once by the call that makes it
// and never again (DESIGN.md section 11). The server signs notifications with it, so it is
// kept sealed with AES-256-GCM rather than hashed; the sealing key is created once in
// server_secrets, like the JWT key (src/server/auth/tokens.ts), so every instance agrees.
// Each sealed value is bound to its purpose and merchant (the GCM additional data), so a
// sealed key copied to another row or purpose does not open.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { serverSecrets } from '../db/schema.ts'
import { merchantIpnSettings, merchantPbnSettings } from '../db/schema-merchant.ts'

export type SecretPurpose = 'ipn' | 'pbn'

const sealingKeyName = 'merchant-secrets-aes-256-gcm'
const sealedVersion = 'v1'
const ivBytes = 12
const tagBytes = 16

/** A fresh signing key: 32 random bytes as base64url (43 characters). */
export function newSigningSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** What reads show instead of the key: enough to tell two keys apart, nothing to sign with. */
export function secretHint(secret: string): string {
  return `****${secret.slice(-4)}`
}

function additionalData(purpose: SecretPurpose, customerId: number): Buffer {
  return Buffer.from(`${purpose}:${customerId}`, 'utf8')
}

/** Seals a key as `v1.<iv>.<ciphertext+tag>` (base64url parts). */
export function sealSecret(
  sealingKey: Buffer,
  secret: string,
  purpose: SecretPurpose,
  customerId: number,
): string {
  if (sealingKey.length !== 32) throw new Error('assertion: the sealing key has 32 bytes')
  const iv = randomBytes(ivBytes)
  const cipher = createCipheriv('aes-256-gcm', sealingKey, iv, { authTagLength: tagBytes })
  cipher.setAAD(additionalData(purpose, customerId))
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return [sealedVersion, iv.toString('base64url'), sealed.toString('base64url')].join('.')
}

/** Opens a sealed key; throws when it was tampered with or belongs to another merchant. */
export function openSecret(
  sealingKey: Buffer,
  sealed: string,
  purpose: SecretPurpose,
  customerId: number,
): string {
  const [version, ivText, bodyText] = sealed.split('.')
  if (version !== sealedVersion || ivText === undefined || bodyText === undefined) {
    throw new Error('assertion: a sealed merchant secret has the v1 form')
  }
  const body = Buffer.from(bodyText, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', sealingKey, Buffer.from(ivText, 'base64url'), {
    authTagLength: tagBytes,
  })
  decipher.setAAD(additionalData(purpose, customerId))
  decipher.setAuthTag(body.subarray(body.length - tagBytes))
  const plain = Buffer.concat([
    decipher.update(body.subarray(0, body.length - tagBytes)),
    decipher.final(),
  ])
  return plain.toString('utf8')
}

/** The sealing key, created once and shared by every instance through the database. */
export async function loadSealingKey(db: Db): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url')
  await db
    .insert(serverSecrets)
    .values({ name: sealingKeyName, value: fresh })
    .onConflictDoNothing()
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, sealingKeyName))
  if (!row) throw new Error('assertion: the sealing key row exists after insert')
  const key = Buffer.from(row.value, 'base64url')
  if (key.length !== 32) throw new Error('assertion: the stored sealing key has 32 bytes')
  return key
}

export interface IssuedSecret {
  /** Answered once to the merchant, then forgotten by the server's memory. */
  secret: string
  sealed: string
  hint: string
}

/** A new key for one merchant and purpose, sealed for storage. */
export async function issueSecret(
  db: Db,
  purpose: SecretPurpose,
  customerId: number,
): Promise<IssuedSecret> {
  const secret = newSigningSecret()
  const sealed = sealSecret(await loadSealingKey(db), secret, purpose, customerId)
  return { secret, sealed, hint: secretHint(secret) }
}

/** The IPN signing key of a merchant, for the delivery job; undefined when none was made. */
export async function ipnSecretOf(db: Db, customerId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ sealed: merchantIpnSettings.secretSealed })
    .from(merchantIpnSettings)
    .where(eq(merchantIpnSettings.customerId, customerId))
  if (!row?.sealed) return undefined
  return openSecret(await loadSealingKey(db), row.sealed, 'ipn', customerId)
}

/** The PBN signing key of a merchant, for the delivery job; undefined when none was made. */
export async function pbnSecretOf(db: Db, customerId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ sealed: merchantPbnSettings.secretSealed })
    .from(merchantPbnSettings)
    .where(eq(merchantPbnSettings.customerId, customerId))
  if (!row?.sealed) return undefined
  return openSecret(await loadSealingKey(db), row.sealed, 'pbn', customerId)
}
