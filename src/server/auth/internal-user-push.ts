// POST /users/{userId}/push: a push to every approved device of the user.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { approvedDevicesOf } from './devices.ts'
import { isOutcome, pathUser } from './internal-users.ts'
import { sendPush } from './pushes.ts'

export const handler: Handler<'internalUserPush'> = async (context, input) => {
  const user = await pathUser(context)
  if (isOutcome(user)) return user
  const sent = await sendPush(context.db, await approvedDevicesOf(context.db, user.id), input)
  return reply(200, { sent })
}
