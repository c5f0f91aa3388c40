// POST /customer/two-step-verification: asks to change the login or transaction two-step
// mode; the change waits for customerTwoStepVerificationConfirm (two-step-requests.ts).
import { and, eq, isNull } from 'drizzle-orm'
import { customers, users } from '../db/schema.ts'
import { twoStepRequests } from '../db/schema-auth.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, reply, validationFailure } from '../rpc/outcome.ts'
import { modeRefusal } from '../security/two-step-modes.ts'
import {
  confirmedPhoneOf,
  emailOfUser,
  enqueueMessage,
  maskDestination,
  type Destination,
} from '../security/outbox.ts'
import { randomToken } from './tokens.ts'
import { factorsOf, sealTotpSecret } from './factors.ts'
import { newTotpSecret, otpauthUri } from './totp.ts'
import { approvedDevicesOf } from './devices.ts'
import { newCode, requestCodeHash, requestId, requestLifetimeMs } from './two-step-requests.ts'
import { twoStepMail } from '../security/two-step-modes.ts'

export const handler: Handler<'customerTwoStepVerificationSet'> = async (context, input) => {
  const { userId, customerId } = requireSession(context)
  const [customer] = await context.db.select().from(customers).where(eq(customers.id, customerId))
  const [user] = await context.db.select().from(users).where(eq(users.id, userId))
  if (!customer || !user) throw new Error('assertion: the session names a customer and user')
  const phone = await confirmedPhoneOf(context.db, customerId)
  const denied = modeRefusal(input.typeMode, input.mode, customer, phone !== undefined)
  if (denied) return validationFailure([denied], 400)
  if (input.mode === 'push' && (await approvedDevicesOf(context.db, userId)).length === 0) {
    const description = 'refusal.auth.needsApprovedDevice'
    return validationFailure([refusal('mode', description)], 400)
  }
  const reqId = randomToken()
  const factors = await factorsOf(context.db, userId)
  // otp: the code is the authenticator's; a user without one enrols a new secret now.
  const enrol = input.mode === 'otp' && !factors.totpSecretSealed
  const secret = enrol ? newTotpSecret() : undefined
  const code = input.mode === 'otp' ? undefined : newCode()
  const destination: Destination = phone
    ? { channel: 'sms', recipient: phone }
    : await emailOfUser(context.db, userId)
  await context.db.transaction(async (tx) => {
    await tx
      .update(twoStepRequests)
      .set({ canceledAt: new Date() })
      .where(
        and(
          eq(twoStepRequests.userId, userId),
          isNull(twoStepRequests.confirmedAt),
          isNull(twoStepRequests.canceledAt),
        ),
      )
    await tx.insert(twoStepRequests).values({
      id: requestId(reqId),
      userId,
      customerId,
      typeMode: input.typeMode,
      mode: input.mode,
      codeHash: code ? requestCodeHash(reqId, code) : null,
      totpSecretSealed: secret ? await sealTotpSecret(tx, userId, secret) : null,
      expiresAt: new Date(Date.now() + requestLifetimeMs),
    })
    if (code) {
      await enqueueMessage(tx, {
        ...destination,
        ...(await twoStepMail(tx, userId, input.typeMode, input.mode, code)),
      })
    }
  })
  if (!code) {
    const uri = secret ? otpauthUri(context.config.issuerName, user.username, secret) : undefined
    return reply(200, {
      reqId,
      approvalSentTo: 'authenticator app',
      ...(uri ? { otpauthUri: uri } : {}),
    })
  }
  return reply(200, { reqId, approvalSentTo: maskDestination(destination) })
}
