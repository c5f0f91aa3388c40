// Account activation with the e-mailed code (product-spec sections 2 and 4, Account
// activation): the code is spent, the sign-in is recorded and the user gets tokens. A
// business activation then sends the activation links of its authorized users. Every
// failure answers the same whether or not the account exists.
import { and, eq, isNull } from 'drizzle-orm'
import { customerEmails, users } from '../db/schema.ts'
import { accountCodes } from '../db/schema-auth.ts'
import { companyUsers } from '../db/schema-security.ts'
import type { Db } from '../db/open-database.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import {
  type Answer,
  type Failure,
  refusal,
  rpcOk,
  validationFailure,
  rpcRefuse,
} from '../rpc/outcome.ts'
import { recordAttempt } from '../auth/login-attempts.ts'
import {
  activationLink,
  checkAccountCode,
  issueAccountCode,
  liveCode,
  type CodePurpose,
} from './account-codes.ts'
import { languageOfUser } from '../messages/reader-language.ts'

const wrongCode = (parameter: string) =>
  validationFailure([refusal(parameter, 'refusal.common.validOrExpired')])

export async function activate(
  context: HandlerContext,
  username: string,
  code: string,
  purposes: CodePurpose[],
  parameter: string,
): Promise<Answer<'accountActivate' | 'businessActivate'> | Failure> {
  const email = username.trim().toLowerCase()
  const [user] = await context.db.select().from(users).where(eq(users.username, email))
  const row = user ? await liveCode(context.db, user.id, purposes) : undefined
  if (!user || !row) return wrongCode(parameter)
  const result = await context.db.transaction(async (tx) => {
    const check = await checkAccountCode(tx, row, code, true)
    if (check !== 'right') return check
    // The code reached the address, which confirms it (registration stored it unconfirmed).
    await tx
      .update(customerEmails)
      .set({ confirmedAt: new Date() })
      .where(
        and(
          eq(customerEmails.customerId, user.customerId),
          eq(customerEmails.emailAddress, email),
          isNull(customerEmails.confirmedAt),
        ),
      )
    if (row.purpose === 'activationBusiness') await sendEmployeeLinks(tx, user.customerId)
    return 'right' as const
  })
  if (result === 'blocked') return rpcRefuse('TA1', 'answer.activation.tooManyCodes')
  if (result === 'wrong') return wrongCode(parameter)
  await recordAttempt(context, email, user.id, true, 'activation')
  return rpcOk({ tokens: await context.tokens.issue(user.id) })
}

/**
 * The authorized users of a company who are waiting for activation get their links when the
 * company itself is activated (product-spec section 4: "authorized users will now receive
 * activation links").
 */
async function sendEmployeeLinks(tx: Db, companyCustomerId: number): Promise<void> {
  const waiting = await tx
    .selectDistinct({ userId: users.id, username: users.username })
    .from(companyUsers)
    .innerJoin(users, eq(users.id, companyUsers.userId))
    .innerJoin(accountCodes, eq(accountCodes.userId, users.id))
    .where(
      and(
        eq(companyUsers.companyCustomerId, companyCustomerId),
        eq(accountCodes.purpose, 'activationEmployee'),
        isNull(accountCodes.usedAt),
      ),
    )
  for (const employee of waiting) {
    await mailEmployeeActivation(tx, employee.userId, employee.username)
  }
}

/**
 * The activation e-mail of an authorized user (action=activationEmployee, product-spec sections
 * 2 and 4), from the company's activation or when a company administrator adds or reminds one
 * (authorizedUserCreate, authorizedUserResend). A new code replaces any older one. The user
 * has no usable password yet (docs/decisions.md, "Registration (issue 13)"), so the mail says
 * how to set one.
 */
export async function mailEmployeeActivation(
  db: Db,
  userId: number,
  username: string,
): Promise<void> {
  await issueAccountCode(db, userId, 'activationEmployee', {
    recipient: username,
    lang: await languageOfUser(db, userId),
    mail: 'employeeActivation',
    params: (code) => ({ code, link: activationLink('activationEmployee', username, code) }),
  })
}
