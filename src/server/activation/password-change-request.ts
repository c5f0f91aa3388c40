// passwordChangeRequest: account recovery starts with a code by e-mail (product-spec section
// 7). The answer is 00 whatever the address; three e-mails an hour at most.
import { eq } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { codesSentLastHour, issueAccountCode, maxCodesPerHour } from './account-codes.ts'
import { languageOfUser } from '../messages/reader-language.ts'

export const handler: Handler<'passwordChangeRequest'> = async (context, input) => {
  const email = input.email.trim().toLowerCase()
  const [user] = await context.db.select().from(users).where(eq(users.username, email))
  if (!user || (await codesSentLastHour(context.db, user.id, 'recovery')) >= maxCodesPerHour) {
    return rpcOk()
  }
  await issueAccountCode(context.db, user.id, 'recovery', {
    recipient: email,
    lang: context.lang ?? (await languageOfUser(context.db, user.id)),
    mail: 'passwordReset',
    params: (code) => ({ code }),
  })
  return rpcOk()
}
