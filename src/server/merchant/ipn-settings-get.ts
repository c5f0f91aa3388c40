// ipnSettingsGet: where and for which statuses instant payment notifications are sent, with
// the defaults of product-spec section 9 (status ids 1) before the merchant saves any; the
// signing key is shown only as a hint.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { merchantIpnSettings } from '../db/schema-merchant.ts'
import { ipnSettingsView } from './merchant-views.ts'

export const handler: Handler<'ipnSettingsGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const [row] = await context.db
    .select()
    .from(merchantIpnSettings)
    .where(eq(merchantIpnSettings.customerId, customerId))
  return rpcOk({ settings: ipnSettingsView(row) })
}
