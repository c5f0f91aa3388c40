// PUT /auth/login/{key}/confirm: the linked device grants or refuses a push sign-in, with an
// optional reason (product-spec section 4). The waiting page hears the decision on the
// realtime channel, in the same transaction as the decision is stored, and then exchanges
// its code at /auth/token.
import { and, eq, gt, isNull } from 'drizzle-orm'
import { loginChallenges } from '../db/schema-auth.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { reply, restMessage, type Answer, type Failure } from '../rpc/outcome.ts'
import { loginChannel, publish } from '../realtime/publish.ts'
import { sha256 } from './tokens.ts'

export const handler: Handler<'authLoginConfirm'> = async (context, input) => {
  const key = context.params.key ?? ''
  const reason = input.reason?.trim() || undefined
  return context.db.transaction(async (tx): Promise<Answer<'authLoginConfirm'> | Failure> => {
    const [row] = await tx
      .update(loginChallenges)
      .set({
        decision: input.result ? 'granted' : 'refused',
        decisionReason: input.result ? null : (reason ?? null),
        decidedAt: new Date(),
      })
      .where(
        and(
          eq(loginChallenges.pushKeyHash, sha256(key)),
          eq(loginChallenges.flow, 'push'),
          isNull(loginChallenges.decision),
          isNull(loginChallenges.usedAt),
          gt(loginChallenges.expiresAt, new Date()),
        ),
      )
      .returning({ codeHash: loginChallenges.codeHash })
    if (!row) return restMessage(404, 'answer.auth.pendingNotFound')
    await publish(tx, loginChannel(row.codeHash), {
      type: 'PushLoginDecision',
      result: input.result,
      ...(!input.result && reason ? { reason } : {}),
    })
    return reply(204)
  })
}
