// The notification settings a customer can turn on and off (product-spec section 3,
// Notification setting: identified, value, group). The catalogue and its defaults are ours
// (data/notification-settings.json); a customer's choices override the defaults.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { notificationPreferences } from '../db/schema-security.ts'
import catalogue from './data/notification-settings.json' with { type: 'json' }

export interface NotificationSetting {
  identified: string
  value: boolean
  group: string
}

export function isKnownSetting(identified: string): boolean {
  return catalogue.some((entry) => entry.identified === identified)
}

/** Every setting of the catalogue, in its order, with the customer's value. */
export async function notificationSettingsOf(
  db: Db,
  customerId: number,
): Promise<NotificationSetting[]> {
  const chosen = await db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.customerId, customerId))
  const values = new Map(chosen.map((row) => [row.identified, row.value]))
  return catalogue.map((entry) => ({
    identified: entry.identified,
    value: values.get(entry.identified) ?? entry.default,
    group: entry.group,
  }))
}
