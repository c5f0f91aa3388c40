// businessAccessRepresentativeAdd: gives a potential user of the acting business an access
// right from 1 to 4 (product-spec section 6: add personal representatives; rights 5 are not
// selectable, section 5). The user leaves the potential list and joins the company's users.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { companyPotentialUsers, companyUsers } from '../db/schema-security.ts'
import { businessRefusal, companyUser, potentialUsers } from './company-access.ts'
import { grantableAccessRights } from '../../shared/access-rights.ts'

export const handler: Handler<'businessAccessRepresentativeAdd'> = async (context, input) => {
  const { customerId: companyId } = requireSession(context)
  if (!grantableAccessRights.includes(input.accessRights)) {
    return validationFailure([refusal('accessRights', 'refusal.security.rightsOneToFour')])
  }
  const denied = await businessRefusal(context.db, companyId)
  if (denied) return denied
  const potential = (await potentialUsers(context.db, companyId)).find((u) => u.id === input.id)
  if (!potential) {
    const description = 'refusal.security.notPotentialUser'
    return validationFailure([refusal('id', description)])
  }
  await context.db.transaction(async (db) => {
    await db.insert(companyUsers).values({
      companyCustomerId: companyId,
      userId: input.id,
      accessRight: input.accessRights,
      positionIds: potential.positionIds,
    })
    await db
      .delete(companyPotentialUsers)
      .where(
        and(
          eq(companyPotentialUsers.companyCustomerId, companyId),
          eq(companyPotentialUsers.userId, input.id),
        ),
      )
  })
  return rpcOk({ user: await companyUser(context.db, companyId, input.id) })
}
