// logoUpdate: renames a logo or makes it the default. The default moves, it is never simply
// unset: a merchant with logos always has exactly one default.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantLogos } from '../db/schema-merchant.ts'
import { lockMerchant } from './merchant-locks.ts'
import { makeDefaultLogo, merchantLogoSummary } from './merchant-logos.ts'
import { logoView } from './merchant-views.ts'

export const handler: Handler<'logoUpdate'> = async (context, input) => {
  const { customerId } = requireSession(context)
  return context.db.transaction(async (tx) => {
    await lockMerchant(tx, 'logos', customerId)
    const current = await merchantLogoSummary(tx, customerId, input.id)
    if (!current) {
      return validationFailure([refusal('id', 'refusal.merchant.notLogoOfYours')])
    }
    if (input.isDefault === false && current.isDefault) {
      return validationFailure([refusal('isDefault', 'refusal.merchant.makeAnotherDefault')])
    }
    if (input.name !== undefined) {
      await tx
        .update(merchantLogos)
        .set({ name: input.name })
        .where(and(eq(merchantLogos.customerId, customerId), eq(merchantLogos.id, input.id)))
    }
    if (input.isDefault === true) await makeDefaultLogo(tx, customerId, input.id)
    const updated = await merchantLogoSummary(tx, customerId, input.id)
    if (!updated) throw new Error('assertion: the logo still exists under the lock')
    return rpcOk({ logo: logoView(updated) })
  })
}
