// POST /users/{userId}/push/{deviceId}: a push to one approved device of the user.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { deviceOf } from './devices.ts'
import { isOutcome, pathUser } from './internal-users.ts'
import { sendPush } from './pushes.ts'
import { deviceNotFoundMessage } from './device-handlers.ts'

export const handler: Handler<'internalUserDevicePush'> = async (context, input) => {
  const user = await pathUser(context)
  if (isOutcome(user)) return user
  const device = await deviceOf(context.db, user.id, context.params.deviceId)
  if (!device || device.status !== 'approved') {
    return reply(404, { message: deviceNotFoundMessage })
  }
  return reply(200, { sent: await sendPush(context.db, [device], input) })
}
