// globalRecipientLastWithdrawalList: the recipient's last withdrawals (at most 5, newest first;
// product-spec section 7, "last withdrawals (limit 5)"), named by their payment's id.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { scaleOf } from '../dictionaries/currency-table.ts'
import { fromMinor } from '../../shared/money.ts'
import { withPayment } from './recipient-payment.ts'
import { type ExternalTransferType, isExternalTransferType } from '../../shared/transfer-types.ts'
import { withdrawalsTo } from './recipient-withdrawals.ts'

function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined
}

export const handler: Handler<'globalRecipientLastWithdrawalList'> = (context, input) =>
  withPayment(context.db, input.paymentSecret, async ({ payment }) => {
    const rows = await withdrawalsTo(context.db, payment.email, input.limit ?? 5)
    const withdrawals = rows.map(({ payment: earlier, order }) => {
      const withdrawal = earlier.withdrawal ?? {}
      return {
        transactionId: earlier.id,
        type: isExternalTransferType(text(withdrawal.kind) ?? '')
          ? (withdrawal.kind as ExternalTransferType)
          : 'wire',
        beneficiaryName: earlier.beneficiaryName,
        destination: text(withdrawal.destination) ?? '',
        countryCode: text(withdrawal.countryCode) ?? '',
        amount: fromMinor(order.toAmountMinor, scaleOf(order.toCurrencyCode)),
        currencyCode: order.toCurrencyCode,
        createdAt: (earlier.decidedAt ?? earlier.createdAt).toISOString(),
      }
    })
    return rpcOk({ withdrawals })
  })
