// PATCH /auth/devices/{deviceId}/approve/{methodId}: sends the approve code by that method.
import type { Handler } from '../rpc/handler-context.ts'
import { setApproveMethod } from './device-handlers.ts'

export const handler: Handler<'authDeviceApproveMethodSet'> = (context) => setApproveMethod(context)
