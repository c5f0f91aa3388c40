// GET /auth/devices/approve-methods: e-mail always, SMS with a confirmed phone.
import type { Handler } from '../rpc/handler-context.ts'
import { listApproveMethods } from './device-handlers.ts'

export const handler: Handler<'authDeviceApproveMethodList'> = (context) =>
  listApproveMethods(context)
