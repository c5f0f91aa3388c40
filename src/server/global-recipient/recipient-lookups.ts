// The recipient's dictionary lookups (issue 16: SWIFT, IBAN, card BIN, BIN blacklist, instant
// key and instant banks) are the signed-in customer's lookups of the transfers area behind the
// payment's secret: the same dictionaries, the same answers (spec/global-recipient.yaml names
// the same schemas), refused like every recipient call when the secret names no payment.
import type { Handler, HandlerContext } from '../rpc/handler-context.ts'
import type { OperationId, Outcome } from '../rpc/outcome.ts'
import { withPayment } from './recipient-payment.ts'

type AnyHandler = (context: never, input: never) => Promise<Outcome>

/**
 * The operation `Op` answered by the customer lookup `base` once the secret resolves; `adapt`
 * renames what the two answers call differently.
 */
export function recipientLookup<Op extends OperationId>(
  base: AnyHandler,
  adapt: (body: Record<string, unknown>) => Record<string, unknown> = (body) => body,
): Handler<Op> {
  const lookup = async (context: HandlerContext<Op>, input: { paymentSecret: string }) =>
    withPayment(context.db, input.paymentSecret, async () => {
      const { paymentSecret: _secret, ...request } = input
      const answer = await base(context as never, request as never)
      const body = answer.body as Record<string, unknown>
      return { ...answer, body: body.responseCode === '00' ? adapt(body) : body }
    })
  return lookup as unknown as Handler<Op>
}
