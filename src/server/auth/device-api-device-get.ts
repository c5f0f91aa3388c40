// GET /device-api/device: the device whose own tokens (authToken with its secret) call.
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply, restMessage } from '../rpc/outcome.ts'
import { deviceOf, deviceView } from './devices.ts'

export const handler: Handler<'deviceApiDeviceGet'> = async (context) => {
  const { userId, deviceId } = requireSession(context)
  const device = await deviceOf(context.db, userId, deviceId)
  return device ? reply(200, deviceView(device)) : restMessage(404, 'answer.auth.deviceNotFound')
}
