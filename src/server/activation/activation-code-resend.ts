// activationCodeResend: a new activation e-mail for an account not activated yet. The answer
// is 00 whatever the address, so it reveals no account; three e-mails an hour at most.
import { and, desc, eq, isNull, like } from 'drizzle-orm'
import { users } from '../db/schema.ts'
import { accountCodes } from '../db/schema-auth.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import {
  activationLink,
  codesSentLastHour,
  issueAccountCode,
  maxCodesPerHour,
  type CodePurpose,
} from './account-codes.ts'
import { languageOfUser } from '../messages/reader-language.ts'

export const handler: Handler<'activationCodeResend'> = async (context, input) => {
  const email = input.email.trim().toLowerCase()
  const [user] = await context.db.select().from(users).where(eq(users.username, email))
  if (!user) return rpcOk()
  const [pending] = await context.db
    .select({ purpose: accountCodes.purpose })
    .from(accountCodes)
    .where(
      and(
        eq(accountCodes.userId, user.id),
        like(accountCodes.purpose, 'activation%'),
        isNull(accountCodes.usedAt),
      ),
    )
    .orderBy(desc(accountCodes.id))
    .limit(1)
  if (!pending) return rpcOk()
  const purpose = pending.purpose as CodePurpose
  if ((await codesSentLastHour(context.db, user.id, purpose)) >= maxCodesPerHour) return rpcOk()
  await issueAccountCode(context.db, user.id, purpose, {
    recipient: email,
    lang: context.lang ?? (await languageOfUser(context.db, user.id)),
    mail: 'activation',
    params: (code) => ({ code, link: activationLink(purpose, email, code) }),
  })
  return rpcOk()
}
