// Phone verification of the services area (product-spec section 7: POST
// verification/phones/{phoneId}/verify and verification/customer/{customerId}/verify): after the
// bot check, a code goes to the phone by SMS or by a call, bound to the PKCE challenge the
// client sent; the client confirms it later with confirmPhone (phoneId, codeVerifier, code).
// Codes are those of customer/phone-confirmation-codes.ts, with their lifetime, tries and
// per-number limit. A failure answers a message to show (section 8: phone verify error returns
// the message). The captcha is used up with the code, so a refused call leaves it usable.
import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { customerPhones } from '../db/schema.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { restMessage, type Failure, type RefusalKey } from '../rpc/outcome.ts'
import { captchaOf } from '../adapters/captcha/captcha.ts'
import { captchaRefusalKey } from '../adapters/captcha/captcha-adapter.ts'
import type { PhoneRow } from '../kyc/customer-records.ts'
import { issuePhoneCode } from '../customer/phone-confirmation-codes.ts'
import { Refusal, writeTransaction } from '../customer/write-transaction.ts'

export interface VerifyRequest {
  type: 'sms' | 'call'
  captcha: string
  codeChallenge: string
}

/** Which of the acting customer's current phones gets the code. */
export type PhoneChoice = { phoneId: number } | 'primary'

/**
 * Sends the code: undefined when it went, else the failure to answer (404 for a phone that is
 * not the customer's, 422 for a failed captcha or a confirmed phone, 429 for a number that had
 * its codes this hour).
 */
export async function sendVerificationCode(
  context: HandlerContext,
  choice: PhoneChoice,
  request: VerifyRequest,
): Promise<Failure | undefined> {
  const { customerId, userId } = requireSession(context)
  const captcha = captchaOf(context)
  const check = await captcha.verify(request.captcha, context.ip)
  if (!check.ok) return captchaFailure(captchaRefusalKey[check.refusal])
  const outcome = await writeTransaction(context.db, async (tx) => {
    const phone = await phoneOf(tx, customerId, choice)
    if (!phone) {
      return restMessage(
        404,
        choice === 'primary' ? 'answer.phone.noPhone' : 'answer.phone.noSuchPhone',
      )
    }
    if (phone.confirmedAt) return restMessage(422, 'answer.phone.alreadyConfirmed')
    const redeemed = await captcha.redeem(tx, check.pass)
    if (!redeemed.ok) return captchaFailure(captchaRefusalKey.used)
    const issued = await issuePhoneCode(tx, {
      phoneId: phone.id,
      customerId,
      userId,
      phone: { countryCode: phone.countryCode, number: phone.number },
      codeChallenge: request.codeChallenge,
      delivery: request.type,
    })
    if (!issued.sent) {
      // Rolled back: the captcha stays usable for a later try.
      const seconds = issued.retryAfterSeconds
      throw new Refusal({
        ...restMessage(429, 'answer.phone.tooManyCodes', undefined, { retryAfterSeconds: seconds }),
        headers: { 'retry-after': String(seconds) },
      })
    }
    return 'sent' as const
  })
  return outcome === 'sent' ? undefined : outcome
}

/** A REST message (not a VF): the captcha's refusal in the reader's language. */
function captchaFailure(reason: RefusalKey): Failure {
  return restMessage(422, 'answer.phone.captcha', { reason: [reason] })
}

/** The customer's current phone the choice names, locked; another customer's is none. */
async function phoneOf(
  tx: Db,
  customerId: number,
  choice: PhoneChoice,
): Promise<PhoneRow | undefined> {
  const which =
    choice === 'primary'
      ? eq(customerPhones.isPrimary, true)
      : eq(customerPhones.id, choice.phoneId)
  const [phone] = await tx
    .select()
    .from(customerPhones)
    .where(and(eq(customerPhones.customerId, customerId), isNull(customerPhones.replacedAt), which))
    .limit(1)
    .for('update')
  return phone
}
