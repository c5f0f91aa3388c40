// POST /auth/stores-urls/send: texts the mobile app's store links to a number. Public, so it
// is rate limited: three SMS per number per hour (an SMS costs money and can annoy).
import { and, eq, gt, sql } from 'drizzle-orm'
import { outboxMessages } from '../db/schema-security.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'
import { enqueueMessage } from '../security/outbox.ts'

export const storeLinks = {
  android: 'https://play.google.com/store/apps/details?id=example.nova.app',
  ios: 'https://apps.apple.com/app/id0000000000',
}
const maxPerHour = 3

export const handler: Handler<'authStoresUrlsSend'> = async (context, input) => {
  const recipient = input.phoneNumber.startsWith('+') ? input.phoneNumber : `+${input.phoneNumber}`
  const [recent] = await context.db
    .select({ count: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.recipient, recipient),
        eq(outboxMessages.subject, 'App links'),
        gt(outboxMessages.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
  if ((recent?.count ?? 0) >= maxPerHour) {
    return reply(429, { message: 'The links were sent to this number recently. Try later.' })
  }
  await enqueueMessage(context.db, {
    channel: 'sms',
    recipient,
    subject: 'App links',
    body: `Get the ${context.config.issuerName} app: ${storeLinks.android} or ${storeLinks.ios}`,
  })
  return reply(204)
}
