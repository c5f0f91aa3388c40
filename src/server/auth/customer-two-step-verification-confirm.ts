// POST /customer/two-step-verification/{reqId}/confirm: the code applies the mode. A login
// mode change ends every sign-in of the user and answers a fresh token pair, which the portal
// stores (product-spec section 7). The realtime channel reports TwoStepVerificationConfirmed
// to the user and TwoStepVerificationModeSet to the customer, when the change commits.
import { eq } from 'drizzle-orm'
import { customers, users } from '../db/schema.ts'
import { authFactors } from '../db/schema-auth.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  type Answer,
  type Failure,
  refusal,
  reply,
  restMessage,
  validationFailure,
} from '../rpc/outcome.ts'
import { publishToCustomer, publishToUser } from '../realtime/publish.ts'
import { blockMinutes } from './login-attempts.ts'
import { factorsOf, sealTotpSecret, totpSecretOf } from './factors.ts'
import { loginFlowOfMode, redeem } from './two-step-requests.ts'

export const handler: Handler<'customerTwoStepVerificationConfirm'> = async (context, input) => {
  const { userId, customerId } = requireSession(context)
  const reqId = context.params.reqId ?? ''
  const current = await totpSecretOf(context.db, await factorsOf(context.db, userId))
  const result = await context.db.transaction(
    async (
      tx,
    ): Promise<Answer<'customerTwoStepVerificationConfirm'> | Failure | 'login' | 'done'> => {
      const redemption = await redeem(tx, userId, reqId, input.code, current)
      if (redemption.outcome === 'notFound') return restMessage(404, 'answer.auth.requestNotFound')
      if (redemption.outcome === 'blocked')
        return restMessage(429, 'answer.auth.blocked', { minutes: blockMinutes })
      if (redemption.outcome === 'wrongCode') {
        const attempts = redemption.attemptsLeft
        return validationFailure(
          [refusal('code', 'refusal.auth.wrongCodeAttempts', { attempts })],
          400,
        )
      }
      const { typeMode, mode } = redemption.row
      if (redemption.totpSecret && redemption.row.totpSecretSealed) {
        const sealed = await sealTotpSecret(tx, userId, redemption.totpSecret)
        await tx
          .insert(authFactors)
          .values({ userId, totpSecretSealed: sealed })
          .onConflictDoUpdate({
            target: authFactors.userId,
            set: { totpSecretSealed: sealed, updatedAt: new Date() },
          })
      }
      if (typeMode === 'login') {
        const flow = loginFlowOfMode[mode]
        if (!flow) throw new Error(`assertion: login mode ${mode} has a sign-in flow`)
        await tx.update(customers).set({ login2faMode: mode }).where(eq(customers.id, customerId))
        await tx.update(users).set({ loginFlow: flow }).where(eq(users.id, userId))
      } else {
        await tx
          .update(customers)
          .set({ transactionApproveMode: mode })
          .where(eq(customers.id, customerId))
      }
      await publishToUser(tx, userId, { type: 'TwoStepVerificationConfirmed', data: { reqId } })
      await publishToCustomer(tx, customerId, {
        type: 'TwoStepVerificationModeSet',
        data: { typeMode, mode },
      })
      return typeMode === 'login' ? 'login' : 'done'
    },
  )
  if (result === 'done') return reply(200, {})
  if (result !== 'login') return result
  // The sign-in rules changed: every session ends, and this one continues with new tokens.
  await context.tokens.revokeUser(userId)
  return reply(200, await context.tokens.issue(userId))
}
