// GET /external/device/{deviceId}: deprecated twin of GET /auth/devices/{deviceId}.
import type { Handler } from '../rpc/handler-context.ts'
import { getDevice } from './device-handlers.ts'

export const handler: Handler<'externalDeviceGet'> = (context) => getDevice(context)
