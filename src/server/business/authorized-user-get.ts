// authorizedUserGet: the acting business's authorized users (every login that may act for it,
// product-spec sections 4 and 6), or one of them; a user id that is not one of them is VF.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { isFailure, loadCompanyRecords } from './company-records.ts'
import { authorizedUserViews, notAUser } from './authorized-users.ts'

export const handler: Handler<'authorizedUserGet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  const company = await loadCompanyRecords(context.db, customerId)
  if (isFailure(company)) return company
  const all = await authorizedUserViews(context.db, company)
  if (input.userId === undefined) return rpcOk({ authorizedUsers: all })
  const authorizedUsers = all.filter((user) => user.userId === input.userId)
  if (authorizedUsers.length === 0) {
    return validationFailure([refusal('userId', notAUser)])
  }
  return rpcOk({ authorizedUsers })
}
