// POST /external/device: deprecated twin of POST /auth/devices (product-spec section 7).
import type { Handler } from '../rpc/handler-context.ts'
import { linkDevice } from './device-handlers.ts'

export const handler: Handler<'externalDeviceCreate'> = (context, input) =>
  linkDevice(context, input)
