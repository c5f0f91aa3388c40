// What the recipient does to the payment (product-spec section 7, "Global recipient calls"):
// submit how to be paid, approve it with the e-mailed code, ask for the code again, refuse
// it. The page handles every answer itself (section 8: global pay calls suppress the
// automatic validation-error display). A refusal's or an approval's new status is written
// into the payment's cached answer, so the page shows it at once; the payment is then asked
// for again.
import { useQueryClient } from '@tanstack/react-query'
import { ResponseCode } from '../../../../generated/constants.ts'
import { operationKey, useOperationMutation, type RpcAnswer } from '../../../api/operation-query.ts'
import type { RecipientPayment } from './recipient-queries.ts'

export const useSubmitWithdrawal = () => useOperationMutation('globalRecipientPaymentSubmit')
export const useResendCode = () => useOperationMutation('globalRecipientApprovalCodeResend')

/** The payment's cached answer, replaced by one with this payment. */
function useShowPayment(paymentSecret: string) {
  const client = useQueryClient()
  return async (payment: RecipientPayment) => {
    const key = operationKey('globalRecipientPaymentDetailsGet', { paymentSecret })
    const answer: RpcAnswer<'globalRecipientPaymentDetailsGet'> = {
      status: 200,
      data: { responseCode: ResponseCode.Success, paymentDetails: payment },
    }
    client.setQueryData(key, answer)
    await client.invalidateQueries({ queryKey: key })
  }
}

export function useApprovePayment(paymentSecret: string, payment: RecipientPayment) {
  const mutation = useOperationMutation('globalRecipientPaymentApprove')
  const show = useShowPayment(paymentSecret)
  return {
    ...mutation,
    /** Approves; on '00' the payment is on its way (status paying until the rail reports). */
    approve: async (body: {
      approvalCode: string
      operationId: string
      idempotencyKey: string
    }) => {
      const answer = await mutation.mutateAsync({ paymentSecret, ...body })
      if (answer.data?.responseCode === ResponseCode.Success)
        await show({ ...payment, status: 'paying' })
      return answer
    },
  }
}

export function useRefusePayment(paymentSecret: string, paymentId: number) {
  const mutation = useOperationMutation('globalRecipientPaymentCancel')
  const show = useShowPayment(paymentSecret)
  return {
    ...mutation,
    refuse: async () => {
      const answer = await mutation.mutateAsync({ paymentSecret, paymentId })
      const refused = answer.data?.paymentDetails
      if (answer.data?.responseCode === ResponseCode.Success && refused) await show(refused)
      return answer
    },
  }
}
