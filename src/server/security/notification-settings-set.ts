// notificationSettingsSet: turns one notification of the catalogue on or off for the acting
// customer (product-spec section 7: identified, value).
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { notificationPreferences } from '../db/schema-security.ts'
import { isKnownSetting, notificationSettingsOf } from './notification-settings.ts'

export const handler: Handler<'notificationSettingsSet'> = async (context, input) => {
  const { customerId } = requireSession(context)
  if (!isKnownSetting(input.identified)) {
    const description = 'refusal.security.notNotificationSetting'
    return validationFailure([refusal('identified', description)])
  }
  const values = { customerId, identified: input.identified, value: input.value }
  await context.db
    .insert(notificationPreferences)
    .values(values)
    .onConflictDoUpdate({
      target: [notificationPreferences.customerId, notificationPreferences.identified],
      set: { value: input.value, updatedAt: new Date() },
    })
  const settings = await notificationSettingsOf(context.db, customerId)
  return rpcOk({ setting: settings.find((entry) => entry.identified === input.identified) })
}
