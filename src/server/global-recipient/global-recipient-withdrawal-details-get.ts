// globalRecipientWithdrawalDetailsGet: the details of an earlier withdrawal to the same e-mail
// (globalRecipientLastWithdrawalList names it), to prefill the form.
import type { Handler } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { withPayment } from './recipient-payment.ts'
import { withdrawalOf } from './recipient-withdrawals.ts'

export const handler: Handler<'globalRecipientWithdrawalDetailsGet'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, async ({ payment }) => {
    const earlier = await withdrawalOf(context.db, payment.email, input.paymentId)
    const withdrawal = earlier?.withdrawal
    if (!withdrawal) {
      return validationFailure([refusal('paymentId', 'refusal.globalPay.notThisPayment')])
    }
    return rpcOk({
      hasRequirements: false,
      type: typeof withdrawal.kind === 'string' ? withdrawal.kind : '',
      // The spec's details is an open object, which the generated type spells as never-valued.
      details: (withdrawal.details ?? {}) as Record<string, never>,
      isAddressValid: true,
    })
  })
