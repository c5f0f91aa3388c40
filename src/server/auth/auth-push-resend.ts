// POST /auth/push/re-send: sends the push of a pending push sign-in again with a fresh key
// (the older push's key stops working). Three re-sends per sign-in at most.
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { loginChallenges } from '../db/schema-auth.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { reply, restMessage, type Answer, type Failure } from '../rpc/outcome.ts'
import { approvedDevicesOf } from './devices.ts'
import { loginPush } from './login-flows.ts'
import { sendPush } from './pushes.ts'
import { randomToken, sha256 } from './tokens.ts'

export const maxPushResends = 3

export const handler: Handler<'authPushResend'> = async (context, input) => {
  const key = randomToken()
  return context.db.transaction(async (tx): Promise<Answer<'authPushResend'> | Failure> => {
    const pending = and(
      eq(loginChallenges.codeHash, sha256(input.code)),
      eq(loginChallenges.flow, 'push'),
      isNull(loginChallenges.decision),
      isNull(loginChallenges.usedAt),
      gt(loginChallenges.expiresAt, new Date()),
    )
    const [known] = await tx.select().from(loginChallenges).where(pending)
    if (!known) return restMessage(404, 'answer.auth.pendingNotFound')
    const [row] = await tx
      .update(loginChallenges)
      .set({ pushKeyHash: sha256(key), pushResends: sql`${loginChallenges.pushResends} + 1` })
      .where(and(pending, lt(loginChallenges.pushResends, maxPushResends)))
      .returning({ userId: loginChallenges.userId })
    if (!row) {
      return restMessage(429, 'answer.auth.pushResentTooOften')
    }
    await sendPush(tx, await approvedDevicesOf(tx, row.userId), loginPush(context, key))
    return reply(204)
  })
}
