// PATCH /users/{userId}: sets the sign-in profile's scp and type (product-spec section 3).
import { authFactors } from '../db/schema-auth.ts'
import type { Handler } from '../rpc/handler-context.ts'
import type { components } from '../../generated/api.d.ts'

type AuthProfile = components['schemas']['AuthProfile']
import { reply } from '../rpc/outcome.ts'
import { isOutcome, pathUser } from './internal-users.ts'
import { factorsOf } from './factors.ts'

export const handler: Handler<'internalUserUpdate'> = async (context, input) => {
  const user = await pathUser(context)
  if (isOutcome(user)) return user
  const change = {
    ...(input.scp !== undefined ? { scp: input.scp } : {}),
    ...(input.type !== undefined ? { profileType: input.type } : {}),
  }
  await context.db
    .insert(authFactors)
    .values({ userId: user.id, ...change })
    .onConflictDoUpdate({ target: authFactors.userId, set: { ...change, updatedAt: new Date() } })
  const factors = await factorsOf(context.db, user.id)
  // The column holds only the modes the spec allows (every write was validated input).
  const scp = factors.scp as AuthProfile['scp']
  return reply(200, { userId: user.id, scp, type: factors.profileType })
}
