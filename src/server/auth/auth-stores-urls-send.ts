// POST /auth/stores-urls/send: texts the mobile app's store links to a number. Public, and an
// SMS costs money and can annoy, so it is limited twice: per client by the spec's
// x-rate-limit (rpc/rate-limit.ts), and here per number, three an hour, whoever asks. Both
// counters are atomic, so requests sent together cannot pass a limit together (issue 11).
import type { Handler } from '../rpc/handler-context.ts'
import { reply, restMessage } from '../rpc/outcome.ts'
import { countHit } from '../rpc/rate-limit.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { defaultLang } from '../messages/messages.ts'

export const storeLinks = {
  android: 'https://play.google.com/store/apps/details?id=example.nova.app',
  ios: 'https://apps.apple.com/app/id0000000000',
}
export const perNumberLimit = { perClient: 3, windowSeconds: 3600 }

export const handler: Handler<'authStoresUrlsSend'> = async (context, input) => {
  const recipient = input.phoneNumber.startsWith('+') ? input.phoneNumber : `+${input.phoneNumber}`
  const hit = await countHit(context.db, 'authStoresUrlsSend:number', recipient, perNumberLimit)
  if (!hit.allowed) {
    const { retryAfterSeconds } = hit
    return {
      ...restMessage(429, 'answer.phone.storeLinksSent', undefined, { retryAfterSeconds }),
      headers: { 'retry-after': String(retryAfterSeconds) },
    }
  }
  await enqueueMessage(context.db, {
    channel: 'sms',
    recipient,
    lang: context.lang ?? defaultLang,
    mail: 'appLinks',
    params: { issuer: context.config.issuerName, ...storeLinks },
  })
  return reply(204)
}
