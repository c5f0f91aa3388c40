// Seals secrets the server must read back later (webhook signing secrets) with AES-256-GCM
// under a key kept in server_secrets (DESIGN.md section 11: secrets stored encrypted). The
// key is created once, like the token signing key, so every instance agrees. A sealed value
// is bound to its purpose (the additional data), so it cannot be moved to another record.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { serverSecrets } from '../db/schema.ts'

const keyName = 'secret-box-aes256gcm'
const version = 'v1'
const keys = new WeakMap<Db, Promise<Buffer>>()

function boxKey(db: Db): Promise<Buffer> {
  let key = keys.get(db)
  if (!key) {
    key = loadKey(db)
    keys.set(db, key)
    key.catch(() => keys.delete(db))
  }
  return key
}

async function loadKey(db: Db): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url')
  await db.insert(serverSecrets).values({ name: keyName, value: fresh }).onConflictDoNothing()
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, keyName))
  if (!row) throw new Error('assertion: the secret box key exists after insert')
  return Buffer.from(row.value, 'base64url')
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
export async function sealSecret(db: Db, plaintext: string, purpose: string): Promise<string> {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', await boxKey(db), iv)
  cipher.setAAD(Buffer.from(purpose, 'utf8'))
  const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [version, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.')
}

/** The plaintext; throws when the value was altered or sealed for another purpose. */
export async function openSecret(db: Db, sealed: string, purpose: string): Promise<string> {
  const [tag, iv, authTag, ciphertext] = sealed.split('.')
  if (tag !== version || !iv || !authTag || ciphertext === undefined) {
    throw new Error('assertion: a sealed secret has four parts')
  }
  const decipher = createDecipheriv('aes-256-gcm', await boxKey(db), Buffer.from(iv, 'base64url'))
  decipher.setAAD(Buffer.from(purpose, 'utf8'))
  decipher.setAuthTag(Buffer.from(authTag, 'base64url'))
  return Buffer.concat([
    decipher.update(Buffer.from(ciphertext, 'base64url')),
    decipher.final(),
  ]).toString('utf8')
}
