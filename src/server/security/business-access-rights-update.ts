// businessAccessRightsUpdate: changes one user's access right on the acting business (product-
// spec section 6: update rights by right and id). Rights 5 are never selectable (section 5);
// the company's own sign-in keeps full access, and nobody changes their own right, so a
// company always keeps a user with rights 2.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure } from '../rpc/outcome.ts'
import { companyUsers } from '../db/schema-security.ts'
import { AccessRight } from '../../generated/constants.ts'
import { businessRefusal, companyUser, isCompanyOwner } from './company-access.ts'

export const handler: Handler<'businessAccessRightsUpdate'> = async (context, input) => {
  const session = requireSession(context)
  const companyId = session.customerId
  if (input.accessRights === AccessRight.Uploading) {
    return validationFailure([{ parameter: 'accessRights', description: 'must not be 5' }])
  }
  const refusal = await businessRefusal(context.db, companyId)
  if (refusal) return refusal
  if (await isCompanyOwner(context.db, companyId, input.id)) {
    const description = "is the company's own sign-in, which always holds full access"
    return validationFailure([{ parameter: 'id', description }])
  }
  if (input.id === session.userId) {
    const description = 'is you; another user with full access must change your rights'
    return validationFailure([{ parameter: 'id', description }])
  }
  if (!(await companyUser(context.db, companyId, input.id))) {
    return validationFailure([{ parameter: 'id', description: 'is not a user of this company' }])
  }
  await context.db
    .update(companyUsers)
    .set({ accessRight: input.accessRights })
    .where(and(eq(companyUsers.companyCustomerId, companyId), eq(companyUsers.userId, input.id)))
  return rpcOk({ user: await companyUser(context.db, companyId, input.id) })
}
