// Keys the server signs short-lived values with (captcha challenges): 32 random bytes created
// once in server_secrets under a name, like the sealing key, so every instance sharing the
// database signs and checks alike. Read once per database handle.
import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { serverSecrets } from '../db/schema.ts'

const keys = new WeakMap<Db, Map<string, Promise<Buffer>>>()

/** The 32-byte key stored under name, created by whichever instance asks first. */
export function hmacKey(db: Db, name: string): Promise<Buffer> {
  let byName = keys.get(db)
  if (!byName) {
    byName = new Map()
    keys.set(db, byName)
  }
  let key = byName.get(name)
  if (!key) {
    key = loadKey(db, name)
    byName.set(name, key)
    key.catch(() => byName.delete(name))
  }
  return key
}

async function loadKey(db: Db, name: string): Promise<Buffer> {
  const fresh = randomBytes(32).toString('base64url')
  await db.insert(serverSecrets).values({ name, value: fresh }).onConflictDoNothing()
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name))
  if (!row) throw new Error(`assertion: the key ${name} exists after its insert`)
  const key = Buffer.from(row.value, 'base64url')
  if (key.length !== 32) throw new Error(`assertion: the stored key ${name} has 32 bytes`)
  return key
}
