// The transaction event of product-spec section 4 ("Realtime and logout"): when an order ends
// (completed, settled at its rail, returned, declined, expired or failed) the acting
// customer's channel hears { transaction_id, result, message } in the same database
// transaction, so the event leaves only if the change commits (realtime/publish.ts). The
// portal shows message when result is false, else its own "Successfully submitted". The event
// also names its text by key (messageKey, with the refusal's reason apart), so the portal shows
// it in the language it is in (locales/<lang>/messages.json, "order"); message stays English
// for other clients.
import type { Db } from '../db/open-database.ts'
import { publishToCustomer } from '../realtime/publish.ts'
import type { OrderRow } from './approval-codes.ts'

export type OrderEnd = 'completed' | 'settled' | 'returned' | 'declined' | 'expired' | 'failed'

const messages: Record<OrderEnd, string> = {
  completed: 'Successfully submitted',
  settled: 'Successfully submitted',
  returned: "The beneficiary's bank returned the transfer; the money is back in your account.",
  declined: 'Transaction was rejected.',
  expired: 'The transfer expired before it was approved; the money is back in your account.',
  failed: 'Failed transaction',
}

export async function publishOrderEnd(
  tx: Db,
  order: Pick<OrderRow, 'id' | 'customerId'>,
  end: OrderEnd,
  reason?: string,
): Promise<void> {
  const ok = end === 'completed' || end === 'settled'
  await publishToCustomer(tx, order.customerId, {
    transaction_id: order.id,
    result: ok,
    message: !ok && reason ? `${messages[end]} ${reason}` : messages[end],
    messageKey: `order.${ok ? 'completed' : end}`,
    ...(!ok && reason ? { reason } : {}),
  })
}
