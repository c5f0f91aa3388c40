// GET /auth/devices/{deviceId} (product-spec section 7).
import type { Handler } from '../rpc/handler-context.ts'
import { getDevice } from './device-handlers.ts'

export const handler: Handler<'authDeviceGet'> = (context) => getDevice(context)
