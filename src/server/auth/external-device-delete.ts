// DELETE /external/device/{deviceId}: deprecated twin of DELETE /auth/devices/{deviceId}.
import type { Handler } from '../rpc/handler-context.ts'
import { unlinkDevice } from './device-handlers.ts'

export const handler: Handler<'externalDeviceDelete'> = (context) => unlinkDevice(context)
