// GET /users/{userIds}/devices: the devices of up to 100 users, ids comma-separated.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, reply, validationFailure } from '../rpc/outcome.ts'
import { devicesOf, deviceView } from './devices.ts'
import { pathId } from './internal-users.ts'

export const handler: Handler<'internalUserDeviceList'> = async (context) => {
  const parts = (context.params.userIds ?? '').split(',')
  const ids = parts.map(pathId)
  if (parts.length > 100 || ids.some((id) => id === undefined)) {
    const description = 'refusal.auth.userIdList'
    return validationFailure([refusal('userIds', description)], 400)
  }
  const unique = [...new Set(ids as number[])]
  const users = []
  for (const userId of unique) {
    users.push({ userId, devices: (await devicesOf(context.db, userId)).map(deviceView) })
  }
  return reply(200, { users })
}
