// emailCheck: whether an e-mail already belongs to a user, before registration uses it
// (product-spec section 5). The schema has already refused a malformed e-mail (VF); an empty,
// missing or null one, and one that arrived as an array (section 5: treated as null), is not
// looked up. The answer is 1 (exists) or 0 (not found); 3 (exists as employee) comes with
// company access, when employees get records of their own (README.md in this folder).
import { eq, sql } from 'drizzle-orm'
import { customers, users } from '../db/schema.ts'
import type { Db } from '../db/open-database.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { EmailExistenceStatus } from '../../generated/constants.ts'

/** The e-mail to look up, or undefined when the input asks for no lookup. */
function lookupKey(email: unknown): string | undefined {
  if (typeof email !== 'string') return undefined
  const key = email.trim().toLowerCase()
  return key === '' ? undefined : key
}

async function emailExists(db: Db, key: string): Promise<boolean> {
  // Usernames are stored lower-cased; a customer's contact e-mail may not be.
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.username, key))
  if (user) return true
  const [customer] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(sql`lower(${customers.email})`, key))
    .limit(1)
  return customer !== undefined
}

export const handler: Handler<'emailCheck'> = async (context, { email }) => {
  const key = lookupKey(email)
  if (key === undefined) return rpcOk({ checked: false })
  const exists = await emailExists(context.db, key)
  return rpcOk({
    checked: true,
    status: exists ? EmailExistenceStatus.Exists : EmailExistenceStatus.NotFound,
  })
}
