// customerTaxNumberUpdate: sets the acting customer's tax id; for a business, positionId sets
// the tax id of the signed-in user's own representative record in that position instead
// (product-spec sections 3 and 7). The tax id is stored trimmed, with repeated spaces
// collapsed and letters upper-cased, so one number is stored one way. A stored tax id
// supersedes a registration's "no tax id" answer. The per-country tax-id table
// (dictionaries/tax-id-rules.ts) says only whether a country requires a tax id and what it is
// called there: a request always carries one, so no rule of it can fail here.
import { and, eq, or, sql } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure, type RefusalKey } from '../rpc/outcome.ts'
import { customers } from '../db/schema.ts'
import { businessProfiles, businessRepresentatives } from '../db/schema-business.ts'
import { normalizeName } from '../../shared/registration-rules.ts'
import { isBusinessCustomer } from '../../shared/access-rights.ts'
import { RepresentativeRole } from '../../generated/constants.ts'
import { writeTransaction } from './write-transaction.ts'

/** A registration's missing-tax-id answer, cleared once a tax id is on file. */
const noLongerMissing = { noTaxId: false, tinMissingReason: null, tinMissingExplanation: null }

/** The positions that name one role: 6 and 9 are both a shareholder (docs/decisions.md). */
function sameRole(positionId: number): number[] {
  const shareholder: number[] = [RepresentativeRole.Shareholder, RepresentativeRole.ShareholderAlt]
  return shareholder.includes(positionId) ? shareholder : [positionId]
}

export const handler: Handler<'customerTaxNumberUpdate'> = async (context, input) => {
  const { customerId, userId } = requireSession(context)
  const taxId = normalizeName(input.taxId).toUpperCase()
  const refusePosition = (reason: RefusalKey) => validationFailure([refusal('positionId', reason)])
  return writeTransaction(context.db, async (tx) => {
    const [customer] = await tx.select().from(customers).where(eq(customers.id, customerId))
    if (!customer) throw new Error('assertion: the acting customer exists')
    const business = isBusinessCustomer(customer.customerType)
    if (input.positionId === undefined) {
      await tx.update(customers).set({ taxId }).where(eq(customers.id, customerId))
      if (business) {
        await tx
          .update(businessProfiles)
          .set(noLongerMissing)
          .where(eq(businessProfiles.customerId, customerId))
      }
      return rpcOk()
    }
    if (!business) return refusePosition('refusal.customer.onlyForBusiness')
    const positions = sameRole(input.positionId)
    const held = or(
      ...positions.map(
        (id) => sql`${businessRepresentatives.positionIds} @> ${JSON.stringify([id])}::jsonb`,
      ),
    )
    const updated = await tx
      .update(businessRepresentatives)
      .set({ taxId, ...noLongerMissing })
      .where(
        and(
          eq(businessRepresentatives.companyCustomerId, customerId),
          eq(businessRepresentatives.userId, userId),
          held,
        ),
      )
      .returning({ id: businessRepresentatives.id })
    if (updated.length === 0) return refusePosition('refusal.customer.notYourPosition')
    return rpcOk()
  })
}
