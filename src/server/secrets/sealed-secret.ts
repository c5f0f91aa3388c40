// Secrets the server must read back later (webhook, PBN and IPN signing keys) are sealed
// with AES-256-GCM (DESIGN.md section 11: secrets stored encrypted). The sealing key is
// created once in server_secrets, like the token signing key, so every instance agrees.
// Each sealed value is bound to what it belongs to (the GCM additional data, e.g.
// "ipn:1002"), so a value copied to another row or purpose does not open. This key lives in
// the same database: it protects leaked rows, not a full dump (docs/decisions.md).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { serverSecrets } from '../db/schema.ts'

const sealingKeyName = 'sealing-key-aes-256-gcm'
const sealedVersion = 'v1'
const ivBytes = 12
const tagBytes = 16
const keys = new WeakMap<Db, Promise<Buffer>>()

/** Seals as `v1.<iv>.<ciphertext+tag>` (base64url parts). */
export function sealWith(key: Buffer, plaintext: string, boundTo: string): string {
  if (key.length !== 32) throw new Error('assertion: the sealing key has 32 bytes')
  const iv = randomBytes(ivBytes)
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes })
  cipher.setAAD(Buffer.from(boundTo, 'utf8'))
  const sealed = Buffer.concat([
    cipher.update(plaintext, 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ])
  return [sealedVersion, iv.toString('base64url'), sealed.toString('base64url')].join('.')
}

/** The plaintext; throws when the value was altered or is bound to something else. */
export function openWith(key: Buffer, sealed: string, boundTo: string): string {
  const [version, ivText, bodyText] = sealed.split('.')
  if (version !== sealedVersion || ivText === undefined || bodyText === undefined) {
    throw new Error('assertion: a sealed secret has the v1 form')
  }
  const body = Buffer.from(bodyText, 'base64url')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(ivText, 'base64url'), {
    authTagLength: tagBytes,
  })
  decipher.setAAD(Buffer.from(boundTo, 'utf8'))
  decipher.setAuthTag(body.subarray(body.length - tagBytes))
  return Buffer.concat([
    decipher.update(body.subarray(0, body.length - tagBytes)),
    decipher.final(),
  ]).toString('utf8')
}

/** The sealing key, created once and read once per database handle. */
export function sealingKey(db: Db): Promise<Buffer> {
  let key = keys.get(db)
  if (!key) {
    key = loadSealingKey(db)
    keys.set(db, key)
    key.catch(() => keys.delete(db))
  }
  return key
}

async function loadSealingKey(db: Db): Promise<Buffer> {
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

export async function sealSecret(db: Db, plaintext: string, boundTo: string): Promise<string> {
  return sealWith(await sealingKey(db), plaintext, boundTo)
}

export async function openSecret(db: Db, sealed: string, boundTo: string): Promise<string> {
  return openWith(await sealingKey(db), sealed, boundTo)
}
