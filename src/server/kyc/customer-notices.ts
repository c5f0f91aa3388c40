// What a customer is told of a review (product-spec section 3, Notification: type, status,
// title, body): a CustomerNotification on the customer's realtime channel (section 7) and an
// e-mail to the outbox (DESIGN.md section 7), both written in the transaction of the change so
// that neither leaves when it rolls back. The e-mail follows the customer's documentStatus
// notification setting (security/notification-settings.ts); the realtime notice always goes.
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerEmails, customers } from '../db/schema.ts'
import type { components } from '../../generated/api.d.ts'
import { publishToCustomer } from '../realtime/publish.ts'
import { enqueueMessage } from '../security/outbox.ts'
import { notificationSettingsOf } from '../security/notification-settings.ts'
import enMessages from '../../../locales/en/messages.json' with { type: 'json' }
import { renderMessage, type MessageParams } from '../messages/messages.ts'
import { languageOfCustomer } from '../messages/reader-language.ts'

type Notification = Required<components['schemas']['Notification']>
export type NoticeName = keyof (typeof enMessages)['notice']

/** A notice of the catalogue (locales/<lang>/messages.json, "notice") with its parameters. */
export interface CustomerNotice extends Pick<Notification, 'type' | 'status'> {
  notice: NoticeName
  params?: MessageParams
  /** The notification setting that turns its e-mail off; documentStatus unless named. */
  setting?: string
}

/** The setting that turns the document e-mails off (data/notification-settings.json). */
const documentSetting = 'documentStatus'

async function mailboxOf(tx: Db, customerId: number): Promise<string | undefined> {
  const [primary] = await tx
    .select({ emailAddress: customerEmails.emailAddress })
    .from(customerEmails)
    .where(and(eq(customerEmails.customerId, customerId), eq(customerEmails.isPrimary, true)))
  if (primary) return primary.emailAddress
  const [customer] = await tx
    .select({ email: customers.email })
    .from(customers)
    .where(eq(customers.id, customerId))
  return customer?.email
}

/**
 * The notice is written in the customer's language; the realtime event also carries its keys
 * and parameters, so an open portal shows it in the language it is in.
 */
export async function notifyCustomer(tx: Db, customerId: number, notice: CustomerNotice) {
  const lang = await languageOfCustomer(tx, customerId)
  const titleKey = `notice.${notice.notice}.title` as const
  const bodyKey = `notice.${notice.notice}.body` as const
  const params = notice.params ?? {}
  const data: Notification & { titleKey: string; bodyKey: string; params: MessageParams } = {
    type: notice.type,
    status: notice.status,
    title: renderMessage(lang, titleKey, params),
    body: renderMessage(lang, bodyKey, params),
    titleKey,
    bodyKey,
    params,
  }
  await publishToCustomer(tx, customerId, { type: 'CustomerNotification', data })
  const settings = await notificationSettingsOf(tx, customerId)
  const setting = notice.setting ?? documentSetting
  if (settings.find((row) => row.identified === setting)?.value === false) return
  const recipient = await mailboxOf(tx, customerId)
  if (!recipient) return
  await enqueueMessage(tx, {
    channel: 'email',
    recipient,
    lang,
    mail: 'notice',
    params: { title: data.title, body: data.body },
  })
}
