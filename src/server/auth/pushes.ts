// Push notifications to linked devices. They are written to device_pushes in the caller's
// transaction; with no push provider configured they stay there and the demo mailbox shows
// them (DESIGN.md section 7), so a browser test can play the phone.
import type { Db } from '../db/open-database.ts'
import { devicePushes } from '../db/schema-auth.ts'
import type { DeviceRow } from './devices.ts'

export interface PushMessage {
  title: string
  body: string
  data?: Record<string, string> | undefined
}

/** Queues the push for each device; answers how many devices it went to. */
export async function sendPush(
  db: Db,
  devices: DeviceRow[],
  message: PushMessage,
): Promise<number> {
  if (devices.length === 0) return 0
  await db.insert(devicePushes).values(
    devices.map((device) => ({
      deviceId: device.id,
      userId: device.userId,
      title: message.title,
      body: message.body,
      data: message.data ?? {},
    })),
  )
  return devices.length
}
