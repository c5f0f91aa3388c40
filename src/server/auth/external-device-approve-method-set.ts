// PATCH /external/device/{deviceId}/approve/{methodId}: deprecated twin of the /auth path.
import type { Handler } from '../rpc/handler-context.ts'
import { setApproveMethod } from './device-handlers.ts'

export const handler: Handler<'externalDeviceApproveMethodSet'> = (context) =>
  setApproveMethod(context)
