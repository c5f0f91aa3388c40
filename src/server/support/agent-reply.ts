// The bank's side of a ticket: an agent answers it through the help desk, and the customer is
// told (notification zohoNewMessage, product-spec section 3) on the realtime channel and by
// e-mail, in the same transaction. The demo's seeded reply and the tests come through here;
// a hosted help desk would call it from its webhook.
import type { Db } from '../db/open-database.ts'
import { helpDesk } from '../adapters/help-desk/help-desks.ts'
import { notifyCustomer } from '../kyc/customer-notices.ts'
import { NotificationStatus, NotificationType } from '../../generated/constants.ts'

/** The notification setting that turns the e-mail of a reply off (none lists it yet). */
const supportSetting = 'supportMessages'

export async function answerAsAgent(
  db: Db,
  ticketId: string,
  content: string,
  options: { agentName?: string; at?: Date } = {},
): Promise<boolean> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db
    const answered = await helpDesk().agentReply(tx, ticketId, content, options)
    if (!answered) return false
    await notifyCustomer(tx, answered.customerId, {
      type: NotificationType.ZohoNewMessage,
      status: NotificationStatus.Info,
      notice: 'supportNewMessage',
      params: { ticket: answered.ticketNumber, subject: answered.subject },
      setting: supportSetting,
    })
    return true
  })
}
