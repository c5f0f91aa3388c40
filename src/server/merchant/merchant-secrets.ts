// The signing keys of PBN and IPN notifications (product-spec section 7: "a secret flag
// regenerates the key"). A key is 32 random bytes, answered once by the call that makes it
// and never again (DESIGN.md section 11); the server signs notifications with it, so it is
// kept sealed (src/server/secrets/sealed-secret.ts), bound to its purpose and merchant.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { openSecret, sealSecret } from '../secrets/sealed-secret.ts'
import { merchantIpnSettings, merchantPbnSettings } from '../db/schema-merchant.ts'

export type SecretPurpose = 'ipn' | 'pbn'

/** A fresh signing key: 32 random bytes as base64url (43 characters). */
export function newSigningSecret(): string {
  return randomBytes(32).toString('base64url')
}

/** What reads show instead of the key: enough to tell two keys apart, nothing to sign with. */
export function secretHint(secret: string): string {
  return `****${secret.slice(-4)}`
}

/** What a merchant's sealed key is bound to: its purpose and its merchant. */
export function boundTo(purpose: SecretPurpose, customerId: number): string {
  return `${purpose}:${customerId}`
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
  const sealed = await sealSecret(db, secret, boundTo(purpose, customerId))
  return { secret, sealed, hint: secretHint(secret) }
}

/** The IPN signing key of a merchant, for the delivery job; undefined when none was made. */
export async function ipnSecretOf(db: Db, customerId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ sealed: merchantIpnSettings.secretSealed })
    .from(merchantIpnSettings)
    .where(eq(merchantIpnSettings.customerId, customerId))
  if (!row?.sealed) return undefined
  return openSecret(db, row.sealed, boundTo('ipn', customerId))
}

/** The PBN signing key of a merchant, for the delivery job; undefined when none was made. */
export async function pbnSecretOf(db: Db, customerId: number): Promise<string | undefined> {
  const [row] = await db
    .select({ sealed: merchantPbnSettings.secretSealed })
    .from(merchantPbnSettings)
    .where(eq(merchantPbnSettings.customerId, customerId))
  if (!row?.sealed) return undefined
  return openSecret(db, row.sealed, boundTo('pbn', customerId))
}
