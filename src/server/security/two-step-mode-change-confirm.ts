// twoStepModeChangeConfirm: the code of twoStepModeChange applies the new mode to the customer
// it was asked for (product-spec sections 6 and 7); success answers "Successfully" (section 8).
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  type Answer,
  type Failure,
  refusal,
  type RpcData,
  rpcOk,
  rpcSay,
  validationFailure,
  rpcRefuse,
} from '../rpc/outcome.ts'
import { customers } from '../db/schema.ts'
import { redeemConfirmation } from './confirmations.ts'

export const handler: Handler<'twoStepModeChangeConfirm'> = async (context, input) => {
  const { userId, customerId } = requireSession(context)
  return context.db.transaction(
    async (db): Promise<Answer<'twoStepModeChangeConfirm'> | Failure> => {
      const owner = { kind: 'twoStepMode', userId, customerId } as const
      const redemption = await redeemConfirmation(db, owner, input.reqId, input.code)
      if (redemption.outcome === 'canceled')
        return rpcRefuse('TA1', 'answer.security.confirmationCanceled')
      if (redemption.outcome === 'wrongCode') {
        const attempts = redemption.attemptsLeft
        return validationFailure([
          refusal('code', 'refusal.auth.wrongSentCodeAttempts', { attempts }),
        ])
      }
      const { typeMode, mode } = redemption.row.payload
      if ((typeMode !== 'login' && typeMode !== 'transaction') || !mode) {
        throw new Error('assertion: a two-step change carries its type and mode')
      }
      await db
        .update(customers)
        .set(typeMode === 'login' ? { login2faMode: mode } : { transactionApproveMode: mode })
        .where(eq(customers.id, customerId))
      // The mode was validated when the change was asked for (twoStepModeChange).
      const changed = mode as NonNullable<RpcData<'twoStepModeChangeConfirm'>['mode']>
      return rpcOk({ ...rpcSay('answer.common.successfully'), typeMode, mode: changed })
    },
  )
}
