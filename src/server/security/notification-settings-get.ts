// notificationSettingsGet: the acting customer's notification settings with their groups
// (product-spec section 7, Security settings; the profile/notifications route).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { notificationSettingsOf } from './notification-settings.ts'

export const handler: Handler<'notificationSettingsGet'> = async (context) => {
  const { customerId } = requireSession(context)
  return rpcOk({ settings: await notificationSettingsOf(context.db, customerId) })
}
