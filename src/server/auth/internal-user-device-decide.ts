// PUT /users/{userId}/devices/{deviceId}/{decision}: grants or refuses a device, with a
// reason (product-spec section 4).
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, reply, validationFailure } from '../rpc/outcome.ts'
import { decideDevice, deviceOf, deviceView } from './devices.ts'
import { isOutcome, pathUser } from './internal-users.ts'
import { deviceNotFoundMessage } from './device-handlers.ts'

export const handler: Handler<'internalUserDeviceDecide'> = async (context, input) => {
  const decision = context.params.decision
  if (decision !== 'approve' && decision !== 'refuse') {
    const description = 'refusal.auth.approveOrRefuse'
    return validationFailure([refusal('decision', description)], 400)
  }
  const user = await pathUser(context)
  if (isOutcome(user)) return user
  const device = await deviceOf(context.db, user.id, context.params.deviceId)
  if (!device) return reply(404, { message: deviceNotFoundMessage })
  const decided = await decideDevice(context.db, device, decision, input.reason)
  return reply(200, deviceView(decided))
}
