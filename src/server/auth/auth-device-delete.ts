// DELETE /auth/devices/{deviceId}: unlinks the device and ends its own sign-ins.
import type { Handler } from '../rpc/handler-context.ts'
import { unlinkDevice } from './device-handlers.ts'

export const handler: Handler<'authDeviceDelete'> = (context) => unlinkDevice(context)
