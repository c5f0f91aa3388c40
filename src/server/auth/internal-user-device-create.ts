// POST /users/{userId}/devices: another server links a device; it starts pending.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { createDevice } from './devices.ts'
import { isOutcome, pathUser } from './internal-users.ts'

export const handler: Handler<'internalUserDeviceCreate'> = async (context, input) => {
  const user = await pathUser(context)
  if (isOutcome(user)) return user
  return reply(200, await createDevice(context.db, user.id, input))
}
