// twoStepModeChange: asks to change the acting customer's login or transaction two-step mode
// (product-spec sections 6 and 7). The change waits for twoStepModeChangeConfirm with the code
// sent by SMS to the confirmed primary phone, or else to the user's e-mail.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { rpcOk, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { customers } from '../db/schema.ts'
import { issueConfirmation } from './confirmations.ts'
import { confirmedPhoneOf, emailOfUser, type Destination } from './outbox.ts'
import { modeRefusal, type TypeMode } from './two-step-modes.ts'
import { languageOfUser } from '../messages/reader-language.ts'
import { twoStepParams } from './two-step-modes.ts'

export const handler: Handler<'twoStepModeChange'> = async (context, input) => {
  const { userId, customerId } = requireSession(context)
  const typeMode: TypeMode = input.typeMode ?? 'transaction'
  const [customer] = await context.db.select().from(customers).where(eq(customers.id, customerId))
  if (!customer) return rpcRefuse('UE', 'answer.common.customerNotFound')
  const phone = await confirmedPhoneOf(context.db, customerId)
  const refusal = modeRefusal(typeMode, input.mode, customer, phone !== undefined)
  if (refusal) return validationFailure([refusal])
  const destination: Destination = phone
    ? { channel: 'sms', recipient: phone }
    : await emailOfUser(context.db, userId)
  const lang = await languageOfUser(context.db, userId)
  const issued = await issueConfirmation(context.db, {
    kind: 'twoStepMode',
    userId,
    customerId,
    payload: { typeMode, mode: input.mode },
    destination,
    lang,
    mail: 'twoStepCode',
    params: (code) => twoStepParams(lang, typeMode, input.mode, code),
  })
  return rpcOk({ reqId: issued.requestKey, approvalSentTo: issued.approvalSentTo })
}
