// businessAuthorizedUserGet: the signed-in user's authorized-user record on the acting business
// and the business's old-web address (product-spec section 2, post-login routing 3: a business
// user without related accounts goes to the old web with this information).
import { eq } from 'drizzle-orm'
import type { components } from '../../generated/api.d.ts'
import { customers, users } from '../db/schema.ts'
import { accessRightOn } from '../rpc/access.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, rpcRefuse } from '../rpc/outcome.ts'
import { companiesOfUser } from './company-access.ts'
import { CustomerInfoCustomerType } from '../../generated/constants.ts'

type AuthorizedUser = components['schemas']['AuthorizedUser']

export const handler: Handler<'businessAuthorizedUserGet'> = async (context) => {
  const session = requireSession(context)
  const own = context.session ?? session
  const [row] = await context.db
    .select({ user: users, person: customers })
    .from(users)
    .innerJoin(customers, eq(customers.id, users.customerId))
    .where(eq(users.id, own.userId))
  const [business] = await context.db
    .select()
    .from(customers)
    .where(eq(customers.id, session.customerId))
  if (!row || !business) return rpcRefuse('UE', 'answer.common.customerNotFound')
  // Only a business has authorized users: a personal customer acting for itself has none.
  if (business.customerType === CustomerInfoCustomerType.Personal) {
    return rpcRefuse('13', 'answer.business.chooseCompany')
  }
  const grant = (await companiesOfUser(context.db, own.userId)).find(
    (company) => company.customerId === business.id,
  )
  const authorizedUser: AuthorizedUser = {
    userId: row.user.id,
    customerId: business.id,
    ...(business.businessName ? { businessName: business.businessName } : {}),
    email: row.user.username,
    ...(row.person.firstName ? { firstName: row.person.firstName } : {}),
    ...(row.person.lastName ? { lastName: row.person.lastName } : {}),
    accessRights: (await accessRightOn(
      context.db,
      own,
      business.id,
    )) as AuthorizedUser['accessRights'],
    positionIds: grant?.positionIds ?? [],
    createdAt: row.user.createdAt.toISOString(),
  }
  return rpcOk({
    authorizedUser,
    ...(business.oldWebUrl ? { oldWebUrl: business.oldWebUrl } : {}),
  })
}
