// logoDelete: deletes a logo. Buttons that showed it show none (the foreign key sets null);
// when it was the default, the newest remaining logo becomes the default.
import { and, eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { merchantLogos } from '../db/schema-merchant.ts'
import { lockMerchant } from './merchant-locks.ts'
import { fillDefaultLogo } from './merchant-logos.ts'

export const handler: Handler<'logoDelete'> = async (context, input) => {
  const { customerId } = requireSession(context)
  return context.db.transaction(async (tx) => {
    await lockMerchant(tx, 'logos', customerId)
    const deleted = await tx
      .delete(merchantLogos)
      .where(and(eq(merchantLogos.customerId, customerId), eq(merchantLogos.id, input.id)))
      .returning({ id: merchantLogos.id })
    if (deleted.length === 0) {
      return validationFailure([refusal('id', 'refusal.merchant.notLogoOfYours')])
    }
    await fillDefaultLogo(tx, customerId)
    return rpcOk()
  })
}
