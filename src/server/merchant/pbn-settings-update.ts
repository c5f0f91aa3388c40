// pbnSettingsUpdate: changes the PBN settings; `secret: true` regenerates the signing key, and
// the first update makes one anyway, so notifications are never sent unsigned. A new key is
// answered once in secretKey (product-spec section 7, Merchant operations).
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantPbnSettings } from '../db/schema-merchant.ts'
import { issueSecret } from './merchant-secrets.ts'
import { lockMerchant } from './merchant-locks.ts'
import { pbnSettingsView } from './merchant-views.ts'

export const handler: Handler<'pbnSettingsUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  return context.db.transaction(async (tx) => {
    await lockMerchant(tx, 'pbn-settings', customerId)
    const [current] = await tx
      .select()
      .from(merchantPbnSettings)
      .where(eq(merchantPbnSettings.customerId, customerId))
    const notifyUrl = input.notifyUrl ?? current?.notifyUrl ?? null
    const enabled = input.enabled ?? current?.enabled ?? false
    if (enabled && notifyUrl === null) {
      return validationFailure([refusal('notifyUrl', 'refusal.merchant.notifyUrlRequired')])
    }
    const issued =
      input.secret === true || !current?.secretSealed
        ? await issueSecret(tx, 'pbn', customerId)
        : undefined
    const values = {
      notifyUrl,
      enabled,
      ...(issued ? { secretSealed: issued.sealed, secretHint: issued.hint } : {}),
      updatedAt: new Date(),
    }
    const [row] = await tx
      .insert(merchantPbnSettings)
      .values({ customerId, ...values })
      .onConflictDoUpdate({ target: merchantPbnSettings.customerId, set: values })
      .returning()
    return rpcOk({
      settings: pbnSettingsView(row),
      ...(issued ? { secretKey: issued.secret } : {}),
    })
  })
}
