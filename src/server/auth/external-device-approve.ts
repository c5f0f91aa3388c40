// POST /external/device/{deviceId}/approve: deprecated twin of the /auth path.
import type { Handler } from '../rpc/handler-context.ts'
import { approve } from './device-handlers.ts'

export const handler: Handler<'externalDeviceApprove'> = (context, input) =>
  approve(context, input.code)
