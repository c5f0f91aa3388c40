// businessAccessRightsUpdate: changes one user's access right on the acting business (product-
// spec section 6: update rights by right and id). Rights 5 are never selectable (section 5);
// the company's own sign-in keeps full access, and nobody changes their own right, so a
// company always keeps a user with rights 2.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { companyUsers } from '../db/schema-security.ts'
import { AccessRight } from '../../generated/constants.ts'
import { businessRefusal, companyUser, isCompanyOwner } from './company-access.ts'

export const handler: Handler<'businessAccessRightsUpdate'> = async (context, input) => {
  const session = requireSession(context)
  const companyId = session.customerId
  if (input.accessRights === AccessRight.Uploading) {
    return validationFailure([refusal('accessRights', 'refusal.security.rightsNotFive')])
  }
  const denied = await businessRefusal(context.db, companyId)
  if (denied) return denied
  if (await isCompanyOwner(context.db, companyId, input.id)) {
    const description = 'refusal.security.ownerAlwaysFull'
    return validationFailure([refusal('id', description)])
  }
  if (input.id === session.userId) {
    const description = 'refusal.security.cannotChangeOwnRights'
    return validationFailure([refusal('id', description)])
  }
  if (!(await companyUser(context.db, companyId, input.id))) {
    return validationFailure([refusal('id', 'refusal.common.notAUserOfCompany')])
  }
  await context.db
    .update(companyUsers)
    .set({ accessRight: input.accessRights })
    .where(and(eq(companyUsers.companyCustomerId, companyId), eq(companyUsers.userId, input.id)))
  return rpcOk({ user: await companyUser(context.db, companyId, input.id) })
}
