// Whose language a text is written in (docs/decisions.md, "Server texts in the reader's
// language"): the customer's stored language (customers.lang), which a signed-in request
// carrying another supported language updates; a request's own language where the reader
// has no account yet (registration, activation, app links).
import { and, eq, ne, type SQL } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers, users } from '../db/schema.ts'
import { defaultLang, isLang, type Lang } from './messages.ts'

export async function languageOfCustomer(db: Db, customerId: number): Promise<Lang> {
  const [row] = await db
    .select({ lang: customers.lang })
    .from(customers)
    .where(eq(customers.id, customerId))
  return isLang(row?.lang) ? row.lang : defaultLang
}

/** A user reads in the language of their own customer. */
export function languageOfUser(db: Db, userId: number): Promise<Lang> {
  return languageOfUserWhere(db, eq(users.id, userId))
}

/** The language of the user signing in with this e-mail; the default for an unknown one. */
export function languageOfUsername(db: Db, username: string): Promise<Lang> {
  return languageOfUserWhere(db, eq(users.username, username.toLowerCase()))
}

async function languageOfUserWhere(db: Db, where: SQL): Promise<Lang> {
  const [row] = await db
    .select({ lang: customers.lang })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(where)
  return isLang(row?.lang) ? row.lang : defaultLang
}

/** Stores the customer's language; true when it changed. */
export async function storeLanguage(db: Db, customerId: number, lang: Lang): Promise<boolean> {
  const changed = await db
    .update(customers)
    .set({ lang })
    .where(and(eq(customers.id, customerId), ne(customers.lang, lang)))
    .returning({ id: customers.id })
  return changed.length > 0
}
