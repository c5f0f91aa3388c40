// GET /auth/devices (product-spec section 7).
import type { Handler } from '../rpc/handler-context.ts'
import { listDevices } from './device-handlers.ts'

export const handler: Handler<'authDeviceList'> = (context) => listDevices(context)
