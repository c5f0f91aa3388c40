// DELETE /device-api/device/{deviceId}: the mobile app unlinks a device of its user.
import type { Handler } from '../rpc/handler-context.ts'
import { unlinkDevice } from './device-handlers.ts'

export const handler: Handler<'deviceApiDeviceDelete'> = (context) => unlinkDevice(context)
