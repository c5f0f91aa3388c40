// ipnSettingsUpdate: saves notifyUrl and the status ids (1 when omitted, section 9);
// `secret: true` regenerates the signing key, and the first update makes one anyway. A new
// key is answered once in secretKey; the delivery job reads it with ipnSecretOf.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { merchantIpnSettings } from '../db/schema-merchant.ts'
import { issueSecret } from './merchant-secrets.ts'
import { lockMerchant } from './merchant-locks.ts'
import { ipnSettingsView } from './merchant-views.ts'

export const handler: Handler<'ipnSettingsUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  return context.db.transaction(async (tx) => {
    await lockMerchant(tx, 'ipn-settings', customerId)
    const [current] = await tx
      .select({ secretSealed: merchantIpnSettings.secretSealed })
      .from(merchantIpnSettings)
      .where(eq(merchantIpnSettings.customerId, customerId))
    const issued =
      input.secret === true || !current?.secretSealed
        ? await issueSecret(tx, 'ipn', customerId)
        : undefined
    const values = {
      notifyUrl: input.notifyUrl,
      notifyStatusId: input.notifyStatusId ?? 1,
      statusId: input.statusId ?? 1,
      ...(issued ? { secretSealed: issued.sealed, secretHint: issued.hint } : {}),
      updatedAt: new Date(),
    }
    const [row] = await tx
      .insert(merchantIpnSettings)
      .values({ customerId, ...values })
      .onConflictDoUpdate({ target: merchantIpnSettings.customerId, set: values })
      .returning()
    return rpcOk({
      settings: ipnSettingsView(row),
      ...(issued ? { secretKey: issued.secret } : {}),
    })
  })
}
