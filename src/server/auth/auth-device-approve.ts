// POST /auth/devices/{deviceId}/approve: the approve code makes the device approved.
import type { Handler } from '../rpc/handler-context.ts'
import { approve } from './device-handlers.ts'

export const handler: Handler<'authDeviceApprove'> = (context, input) =>
  approve(context, input.code)
