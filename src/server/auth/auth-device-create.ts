// POST /auth/devices: links a device; the answer's link is shown as a QR code (section 2).
import type { Handler } from '../rpc/handler-context.ts'
import { linkDevice } from './device-handlers.ts'

export const handler: Handler<'authDeviceCreate'> = (context, input) => linkDevice(context, input)
