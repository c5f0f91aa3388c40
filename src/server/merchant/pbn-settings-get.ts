// pbnSettingsGet: where payment button notifications go and whether a signing key exists; the
// key itself is never answered again after the update that made it (DESIGN.md section 11).
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { merchantPbnSettings } from '../db/schema-merchant.ts'
import { pbnSettingsView } from './merchant-views.ts'

export const handler: Handler<'pbnSettingsGet'> = async (context) => {
  const { customerId } = requireSession(context)
  const [row] = await context.db
    .select()
    .from(merchantPbnSettings)
    .where(eq(merchantPbnSettings.customerId, customerId))
  return rpcOk({ settings: pbnSettingsView(row) })
}
