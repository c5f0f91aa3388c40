// globalRecipientPaymentSubmit: how the recipient wants to be paid (product-spec section 5,
// "submit (returns an operationId and an approval type)"). The method, currency and country
// are checked against the payment, the fields against the dictionaries; the withdrawal is kept
// with the payment and a code goes to the beneficiary's e-mail (approval type 4). Nothing
// moves yet. A retry with the same idempotencyKey answers the first result; a new submit
// while a code waits replaces the withdrawal.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { globalPayments } from '../db/schema-transfers.ts'
import { type Answer, type Failure, refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { isFieldError } from '../transfers/transfer-quotes.ts'
import { inTransaction } from '../transfers/transfer-orders.ts'
import { ApprovalType } from '../../generated/constants.ts'
import { checkedChoice } from './recipient-checks.ts'
import { checkedWithdrawal } from './withdrawal-fields.ts'
import { newOperationId, sendRecipientCode } from './recipient-codes.ts'
import { isOpen, lockedPayment, notOpen, withPayment } from './recipient-payment.ts'

type Result = Answer<'globalRecipientPaymentSubmit'> | Failure

export const handler: Handler<'globalRecipientPaymentSubmit'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, (found) =>
    inTransaction(context.db, async (tx): Promise<Result> => {
      const { payment } = await lockedPayment(tx, found)
      if (payment.submitKey === input.idempotencyKey && payment.submitResult) {
        return { status: 200, body: payment.submitResult } as Result
      }
      if (!isOpen(payment)) return notOpen()
      const details = input.paymentDetails
      const countryCode = payment.countryCode ?? details.countryCode ?? ''
      if (!countryCode) {
        return validationFailure([
          refusal('paymentDetails.countryCode', 'refusal.globalPay.missingDetail'),
        ])
      }
      const kind = checkedChoice(found, { ...input, countryCode }, 'currencyCode')
      if (typeof kind !== 'string') return kind
      const checked = checkedWithdrawal(kind, countryCode, input.currencyCode, details)
      if (isFieldError(checked)) return validationFailure([checked])
      const operationId = newOperationId()
      const sentTo = await sendRecipientCode(tx, found, {
        status: 'submitted',
        withdrawal: { kind, countryCode, currencyCode: input.currencyCode, details, ...checked },
        operationId,
        submittedAt: new Date(),
      })
      const answer = rpcOk<'globalRecipientPaymentSubmit'>({
        operationId,
        approveType: ApprovalType.ApprovalCode,
        approvalSentTo: sentTo,
      })
      await tx
        .update(globalPayments)
        .set({
          submitKey: input.idempotencyKey,
          submitResult: answer.body as Record<string, unknown>,
        })
        .where(eq(globalPayments.id, payment.id))
      return answer
    }),
  )
