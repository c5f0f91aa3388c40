// GET /external/device/approve-methods: deprecated twin of GET /auth/devices/approve-methods.
import type { Handler } from '../rpc/handler-context.ts'
import { listApproveMethods } from './device-handlers.ts'

export const handler: Handler<'externalDeviceApproveMethodList'> = (context) =>
  listApproveMethods(context)
