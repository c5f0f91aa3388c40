// The second step each flow of authLogin prepares (product-spec sections 3 and 4). Every flow
// but simple stores a challenge under the hash of a code the client exchanges, with its PKCE
// verifier, at /auth/token (auth-token.ts says what else each flow needs there).
import { randomInt } from 'node:crypto'
import { loginChallenges } from '../db/schema-auth.ts'
import type { users } from '../db/schema.ts'
import type { HandlerContext } from '../rpc/handler-context.ts'
import { refused, reply, type Answer, type Failure } from '../rpc/outcome.ts'
import { confirmedPhoneOf, enqueueMessage, maskPhone } from '../security/outbox.ts'
import { factorsOf } from './factors.ts'
import { approvedDevicesOf, deviceView } from './devices.ts'
import { sendPush } from './pushes.ts'
import { randomToken, sha256 } from './tokens.ts'
import { languageOfUser } from '../messages/reader-language.ts'

export type LoginUser = typeof users.$inferSelect

/** A sign-in code lives long enough to find the phone and answer a push. */
export const challengeTtlMs = 5 * 60_000

export function smsCodeHash(codeHash: string, smsCode: string): string {
  return sha256(`${codeHash}:${smsCode}`)
}

export async function startFlow(
  context: HandlerContext,
  user: LoginUser,
  codeChallenge: string,
): Promise<Answer<'authLogin'> | Failure> {
  const flow = user.loginFlow
  if (flow === 'simple') {
    const tokens = await context.tokens.issue(user.id)
    return reply(200, { authFlow: 'simple', userId: user.id, ...tokens })
  }
  const code = randomToken()
  const codeHash = sha256(code)
  const base = {
    codeHash,
    userId: user.id,
    codeChallenge,
    expiresAt: new Date(Date.now() + challengeTtlMs),
  }
  if (flow === 'otp') {
    if (!(await factorsOf(context.db, user.id)).totpSecretSealed) {
      return refused('answer.auth.noAuthenticator')
    }
    await context.db.insert(loginChallenges).values({ ...base, flow })
    return reply(200, { authFlow: 'otp', code, userId: user.id })
  }
  if (flow === 'sms') return startSms(context, user, code, base)
  if (flow === 'push') return startPush(context, user, code, base)
  if (flow === 'verifyDevice') {
    await context.db.insert(loginChallenges).values({ ...base, flow })
    const tmpJwt = await context.tokens.issueTemporary(user.id)
    const devices = (await approvedDevicesOf(context.db, user.id)).map(deviceView)
    return reply(200, { authFlow: 'verifyDevice', code, userId: user.id, tmpJwt, devices })
  }
  if (flow !== 'direct') throw new Error(`assertion: user ${user.id} has a known flow (${flow})`)
  await context.db.insert(loginChallenges).values({ ...base, flow })
  return reply(200, { authFlow: 'direct', code, userId: user.id })
}

type ChallengeBase = Pick<
  typeof loginChallenges.$inferInsert,
  'codeHash' | 'userId' | 'codeChallenge' | 'expiresAt'
>

/** The SMS names the two-digit identifier the page shows, so the user matches the two. */
async function startSms(
  context: HandlerContext,
  user: LoginUser,
  code: string,
  base: ChallengeBase,
): Promise<Answer<'authLogin'> | Failure> {
  const phone = await confirmedPhoneOf(context.db, user.customerId)
  if (!phone) return refused('answer.auth.noPhone')
  const smsCode = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const smsIdentifier = String(randomInt(0, 100)).padStart(2, '0')
  await context.db.transaction(async (tx) => {
    await tx.insert(loginChallenges).values({
      ...base,
      flow: 'sms',
      smsCodeHash: smsCodeHash(base.codeHash, smsCode),
      smsIdentifier,
    })
    await enqueueMessage(tx, {
      channel: 'sms',
      recipient: phone,
      lang: await languageOfUser(tx, user.id),
      mail: 'signInCode',
      params: { issuer: context.config.issuerName, identifier: smsIdentifier, code: smsCode },
    })
  })
  return reply(200, {
    authFlow: 'sms',
    code,
    userId: user.id,
    phoneNumber: maskPhone(phone),
    smsIdentifier,
  })
}

async function startPush(
  context: HandlerContext,
  user: LoginUser,
  code: string,
  base: ChallengeBase,
): Promise<Answer<'authLogin'> | Failure> {
  const devices = await approvedDevicesOf(context.db, user.id)
  if (devices.length === 0) return refused('answer.auth.noDevice')
  const key = randomToken()
  await context.db.transaction(async (tx) => {
    await tx.insert(loginChallenges).values({ ...base, flow: 'push', pushKeyHash: sha256(key) })
    await sendPush(tx, devices, loginPush(context, key))
  })
  return reply(200, { authFlow: 'push', code, userId: user.id, devices: devices.map(deviceView) })
}

/** The push the linked device answers with PUT /auth/login/{key}/confirm. */
export function loginPush(context: HandlerContext, key: string) {
  return {
    title: 'Sign-in request',
    body: `Someone is signing in to ${context.config.issuerName} from ${context.ip}. Was it you?`,
    data: { kind: 'loginApproval', key, ip: context.ip },
  }
}
