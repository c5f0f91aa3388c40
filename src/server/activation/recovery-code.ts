// The recovery code of passwordChangeCodeCheck and passwordChangeApply: the same answer for
// an unknown address, a wrong code and an expired one.
import { eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { type Failure, refusal, validationFailure, rpcRefuse } from '../rpc/outcome.ts'
import { liveCode, type AccountCodeRow } from './account-codes.ts'

export const wrongRecoveryCode = (): Failure =>
  validationFailure([refusal('code', 'refusal.common.validOrExpired')])

export const blockedRecovery = (): Failure =>
  rpcRefuse('TA1', 'answer.activation.tooManyRecoveryCodes')

export async function recoveryCodeOf(
  context: HandlerContext,
  email: string,
): Promise<{ user: typeof users.$inferSelect; row: AccountCodeRow } | undefined> {
  const [user] = await context.db
    .select()
    .from(users)
    .where(eq(users.username, email.trim().toLowerCase()))
  const row = user ? await liveCode(context.db, user.id, ['recovery']) : undefined
  return user && row ? { user, row } : undefined
}
