// passwordChange: the signed-in user asks to change their password (product-spec section 7,
// Security settings; the "Change-password approval" popup of section 2). The current password
// is checked first; the new one is hashed now and applied only when passwordChangeConfirm
// brings the code sent to the user's e-mail.
import { eq } from 'drizzle-orm'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { refusal, rpcOk, validationFailure } from '../rpc/outcome.ts'
import { users } from '../db/schema.ts'
import { hashPassword, verifyPassword } from '../auth/password-hash.ts'
import { blockMinutes, checkPasswordCounted } from '../auth/login-attempts.ts'
import { issueConfirmation } from './confirmations.ts'
import { emailOfUser } from './outbox.ts'
import { languageOfUser } from '../messages/reader-language.ts'

export const handler: Handler<'passwordChange'> = async (context, input) => {
  const session = requireSession(context)
  if (input.passwordNewRepeat !== input.passwordNew) {
    return validationFailure([refusal('passwordNewRepeat', 'refusal.security.repeatNewPassword')])
  }
  const [user] = await context.db.select().from(users).where(eq(users.id, session.userId))
  if (!user) throw new Error(`assertion: the session's user ${session.userId} exists`)
  // A wrong current password counts like a failed sign-in: five in a row block both steps,
  // so a stolen session cannot be used to guess the password (DESIGN.md section 11).
  const check = await checkPasswordCounted(context, { userId: user.id }, () =>
    verifyPassword(input.password, user.passwordHash),
  )
  if (check.outcome !== 'right') {
    const wrong =
      check.outcome === 'blocked'
        ? refusal('password', 'refusal.security.passwordBlocked', { minutes: blockMinutes })
        : refusal('password', 'refusal.security.notCurrentPassword')
    return validationFailure([wrong])
  }
  if (input.passwordNew === input.password) {
    return validationFailure([refusal('passwordNew', 'refusal.security.sameAsCurrentPassword')])
  }
  const issued = await issueConfirmation(context.db, {
    kind: 'passwordChange',
    userId: user.id,
    customerId: user.customerId,
    payload: { passwordHash: await hashPassword(input.passwordNew) },
    destination: await emailOfUser(context.db, user.id),
    lang: await languageOfUser(context.db, user.id),
    mail: 'passwordChangeCode',
    params: (code) => ({ code }),
  })
  return rpcOk({ requestKey: issued.requestKey, approvalSentTo: issued.approvalSentTo })
}
