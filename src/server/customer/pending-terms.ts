// Pending legal terms (product-spec section 8: "A terms error on customer info shows the
// pending terms list"; section 3, Brand config: terms). Terms bind the signed-in user's own
// customer: acting for a company with fromCustomerId changes neither what is pending nor who
// accepts (docs/decisions.md, "Post-login routing data").
import { and, asc, eq, gt, lte, min, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customers } from '../db/schema.ts'
import { customerBrands, legalTerms, termsAcceptances } from '../db/schema-terms.ts'
import { type Outcome, rpcRefuse } from '../rpc/outcome.ts'
import type { components } from '../../generated/api.d.ts'

/** A customer without a customer_brands row belongs to the default brand. */
export const defaultBrandId = 'main'

export type TermRow = typeof legalTerms.$inferSelect

/**
 * The newest version of each kind of document in effect for the customer's brand. Versions
 * are few (a handful per brand), so one query with a correlated "no newer version" test will
 * do; the dispatcher's check reads it through the request guards cache, not on every call.
 */
function currentTerms(db: Db, customerId: number, now: Date, ...conditions: SQL[]) {
  return db
    .select({ term: legalTerms, customerCreatedAt: customers.createdAt })
    .from(customers)
    .leftJoin(customerBrands, eq(customerBrands.customerId, customers.id))
    .innerJoin(
      legalTerms,
      and(
        eq(legalTerms.brandId, sql`coalesce(${customerBrands.brandId}, ${defaultBrandId})`),
        lte(legalTerms.effectiveFrom, now),
      ),
    )
    .where(
      and(
        eq(customers.id, customerId),
        // The alias hides the outer legal_terms, so its columns below name the outer row.
        sql`not exists (select 1 from ${legalTerms} as newer_terms
          where newer_terms.brand_id = ${legalTerms.brandId} and newer_terms.key = ${legalTerms.key}
          and newer_terms.version > ${legalTerms.version}
          and newer_terms.effective_from <= ${now.toISOString()}::timestamptz)`,
        ...conditions,
      ),
    )
    .orderBy(asc(legalTerms.key), asc(legalTerms.id))
}

/**
 * The terms the customer still has to accept: the current version of each kind, when it took
 * effect after the customer signed up (signing up accepted the versions in effect then) and
 * the customer has not accepted it since.
 */
export async function pendingTermsOf(
  db: Db,
  customerId: number,
  now: Date = new Date(),
): Promise<TermRow[]> {
  const rows = await currentTerms(
    db,
    customerId,
    now,
    gt(legalTerms.effectiveFrom, customers.createdAt),
    sql`not exists (select 1 from ${termsAcceptances}
      where ${termsAcceptances.customerId} = ${customers.id}
      and ${termsAcceptances.termId} = ${legalTerms.id})`,
  )
  return rows.map((row) => row.term)
}

/**
 * When the next version already stored for the customer's brand takes effect: until then
 * what is pending cannot change by time alone (rpc/request-guards.ts).
 */
export async function nextTermsChangeOf(
  db: Db,
  customerId: number,
  now: Date = new Date(),
): Promise<Date | undefined> {
  const [row] = await db
    .select({ next: min(legalTerms.effectiveFrom) })
    .from(customers)
    .leftJoin(customerBrands, eq(customerBrands.customerId, customers.id))
    .innerJoin(
      legalTerms,
      and(
        eq(legalTerms.brandId, sql`coalesce(${customerBrands.brandId}, ${defaultBrandId})`),
        gt(legalTerms.effectiveFrom, now),
      ),
    )
    .where(eq(customers.id, customerId))
  return row?.next ?? undefined
}

/** The current versions of the customer's brand: the ids termsAccept knows. */
export async function currentTermIdsOf(db: Db, customerId: number, now = new Date()) {
  const rows = await currentTerms(db, customerId, now)
  return new Set(rows.map((row) => row.term.id))
}

/** Records acceptances; a version already accepted stays as first accepted. */
export async function acceptTerms(
  db: Db,
  acceptance: { customerId: number; userId: number; ip: string; termIds: number[] },
): Promise<void> {
  if (acceptance.termIds.length === 0) return
  await db
    .insert(termsAcceptances)
    .values(
      acceptance.termIds.map((termId) => ({
        customerId: acceptance.customerId,
        userId: acceptance.userId,
        ip: acceptance.ip,
        termId,
      })),
    )
    .onConflictDoNothing()
}

/** The CustomerTerm of a TE answer: the brand's terms entry shape, not accepted yet. */
export function termView(term: TermRow): components['schemas']['CustomerTerm'] {
  return {
    id: term.id,
    key: term.key,
    label: term.label,
    ...(term.text ? { text: term.text } : {}),
    ...(term.url ? { url: term.url } : {}),
    value: false,
  }
}

/**
 * Operations a customer with pending terms may still call: the two that show and accept them,
 * and the token service (logout, devices, two-step settings), which manages the sign-in rather
 * than the account. Public operations never reach this check.
 */
const openWhileTermsPending = new Set(['getCustomerInfo', 'termsAccept'])
const areasOpenWhileTermsPending = new Set(['auth', 'system'])

/**
 * The TE refusal of the dispatcher's session step: a careful bank provides no service under
 * terms the customer has not agreed to, so until they are accepted every other call answers
 * TE and the portal shows the list from getCustomerInfo. Whether terms are pending for the
 * signed-in user's own customer comes from the request guards cache (rpc/request-guards.ts).
 */
export function pendingTermsRefusal(
  entry: { operationId: string; area: string },
  termsPending: boolean,
): Outcome | undefined {
  if (!termsPending) return undefined
  if (openWhileTermsPending.has(entry.operationId)) return undefined
  if (areasOpenWhileTermsPending.has(entry.area)) return undefined
  return rpcRefuse('TE', 'answer.customer.acceptTermsFirst')
}
