// Happy-path preparations of the sign-in operations (spec/auth.yaml): each performs the steps a
// real client would take first (a sign-in, a push, a two-step request) and hands the runner the
// body fields, path parameters and bearer token of the happy call.
import { desc, eq } from 'drizzle-orm'
import { users } from '../../src/server/db/schema.ts'
import { outboxMessages } from '../../src/server/db/schema-outbox.ts'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { demoDeviceSecret } from '../../src/server/demo/auth.ts'
import { totpAt } from '../../src/server/auth/totp.ts'
import { issueAccountCode } from '../../src/server/activation/account-codes.ts'
import { runDueJobs } from '../../src/server/jobs/run-due-jobs.ts'
import { codeChallengeS256, createCodeVerifier } from '../../src/shared/pkce.ts'
import type { TestServer } from '../integration/server-harness.ts'
import {
  businessPayload,
  personalPayload,
  solvedCaptcha,
  type BusinessPayload,
  type PersonalPayload,
} from '../integration/activation/registration-payloads.ts'

export type SignInPreparation =
  | 'deviceToken'
  | 'tmpJwt'
  | 'pushCode'
  | 'pushKey'
  | 'twoStepRequest'
  | 'personalActivation'
  | 'businessActivation'
  | 'recoveryCode'
  | 'seiAuthorization'
  | 'emailConfirmation'
  | 'personalRegistration'
  | 'businessRegistration'
  | 'fatcaCertification'
  | 'fatcaFormPending'
  | 'pdfLink'
  | 'historyCsvLink'
  | 'statementMonth'
  | 'statementReady'
  | 'phoneToVerify'
  | 'primaryPhoneToVerify'
  | 'supportLoginToken'

export interface PreparedStep {
  /** Body fields of the happy call; a registration's are the whole payload. */
  body?: Record<string, string> | PersonalPayload | BusinessPayload
  params?: Record<string, string>
  /** Query parameters of the happy call (a signed link's token). */
  query?: Record<string, string>
  token?: string
}

async function login(server: TestServer, username: string) {
  const codeVerifier = createCodeVerifier()
  const reply = await server.post('/auth/login', {
    client: 'spa',
    username,
    password: demoPassword,
    codeChallenge: await codeChallengeS256(codeVerifier),
  })
  if (reply.status !== 200) throw new Error(`login of ${username}: ${reply.text}`)
  return reply.body
}

export async function prepareSignIn(
  server: TestServer,
  preparation: SignInPreparation,
  token: string | undefined,
): Promise<PreparedStep> {
  switch (preparation) {
    case 'deviceToken': {
      const reply = await server.post('/auth/token', { secret: demoDeviceSecret })
      return { token: String(reply.body.accessToken) }
    }
    case 'tmpJwt': {
      const body = await login(server, 'strict@nova.example')
      return { body: { tmpJwt: String(body.tmpJwt) } }
    }
    case 'pushCode':
      return { body: { code: String((await login(server, 'push@nova.example')).code) } }
    case 'pushKey': {
      await login(server, 'push@nova.example')
      const reply = await fetch(`${server.baseUrl}/demo/mailbox?recipient=push@nova.example`)
      const { messages } = (await reply.json()) as { messages: { data?: { key?: string } }[] }
      const key = messages.find((message) => message.data?.key)?.data?.key
      if (!key) throw new Error('no sign-in push in the demo mailbox')
      return { params: { key } }
    }
    case 'twoStepRequest':
      return twoStepRequest(server, token)
    case 'personalActivation': {
      const activationCode = await mailedCode(server, 'pending@nova.example')
      return { body: { username: 'pending@nova.example', activationCode } }
    }
    case 'businessActivation': {
      const activationCode = await mailedCode(server, 'newco@nova.example')
      return { body: { email: 'newco@nova.example', activationCode } }
    }
    case 'seiAuthorization': {
      const query = new URLSearchParams({
        response_type: 'code',
        client_id: 'sei-demo',
        redirect_uri: 'http://localhost:4000/callback',
        code_challenge: await codeChallengeS256(createCodeVerifier()),
        code_challenge_method: 'S256',
      })
      const reply = await fetch(`${server.baseUrl}/auth/sei/authorize?${query.toString()}`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const { authorizeUrl } = (await reply.json()) as { authorizeUrl: string }
      return { params: { authorizationId: authorizeUrl.split('/').pop() ?? '' } }
    }
    // A registration with a captcha solved as the portal solves it, for an e-mail of its own.
    case 'personalRegistration':
      return {
        body: personalPayload(
          'conformance.personal@mail.example',
          await solvedCaptcha(server.baseUrl),
        ),
      }
    case 'businessRegistration': {
      const emails: [string, string] = [
        'conformance.owner@mail.example',
        'conformance.user@mail.example',
      ]
      return { body: businessPayload(emails, await solvedCaptcha(server.baseUrl)) }
    }
    case 'emailConfirmation': {
      const [message] = await server.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'alex.morgan@mail.example'))
        .orderBy(desc(outboxMessages.id))
        .limit(1)
      const link = new URL(/\/confirm-email\?\S+/.exec(message?.body ?? '')?.[0] ?? '/', 'http://x')
      return {
        body: {
          emailId: Number(link.searchParams.get('emailId')),
          confirmationCode: link.searchParams.get('code') ?? '',
        } as unknown as Record<string, string>,
      }
    }
    // A saved FATCA/CRS certification of a person born in the US who is no US taxpayer: its
    // W-8BEN waits for the signature and its certificate of loss of nationality is asked for.
    case 'fatcaCertification': {
      const reply = await fetch(`${server.baseUrl}/rpc/fatcaCrsPersonalUpdate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({
          isUSTaxPayer: false,
          birthCountryCode: 'US',
          birthCity: 'Boston',
          taxIds: [{ countryCode: 'GB', taxId: 'QQ123456C' }],
        }),
      })
      const body = (await reply.json()) as { responseCode?: string }
      if (body.responseCode !== '00') throw new Error(`FATCA/CRS save: ${JSON.stringify(body)}`)
      return {}
    }
    // fatca@nova.example's self-certification saved by fatca@, so that it waits for the bank's
    // check; the administrator's call acts for that customer.
    case 'fatcaFormPending': {
      const own = await server.signIn('fatca@nova.example')
      const saved = await server.post(
        '/rpc/fatcaCrsPersonalUpdate',
        { isUSTaxPayer: false, taxIds: [{ countryCode: 'GB', taxId: 'QQ123456C' }] },
        own.accessToken,
      )
      if (saved.body.responseCode !== '00') throw new Error(`FATCA/CRS save: ${saved.text}`)
      const info = await server.post('/rpc/getCustomerInfo', {}, own.accessToken)
      const customer = info.body.customer as { customerId: number }
      return { body: { fromCustomerId: customer.customerId } as unknown as Record<string, string> }
    }
    // A live pdfDownload link: demo@nova.example's account confirmation (USD account 10000001).
    case 'pdfLink': {
      const reply = await fetch(`${server.baseUrl}/pdf/api/generator_pdf/accountConfirmation`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ data: { accountId: 10000001 } }),
      })
      const { redirectLink } = (await reply.json()) as { redirectLink: string }
      return { params: { fileId: redirectLink.split('/').pop() ?? '' } }
    }
    // History export (issue 16): demo@'s history as CSV, the current month of its USD account
    // 10000001, and a statement of it built.
    case 'supportLoginToken': {
      // The first step of the support login (supportJwtGet), for the exchange.
      const reply = await fetch(`${server.baseUrl}/zoho/jwt?widgetId=portal`, {
        headers: { authorization: `Bearer ${token}` },
      })
      const { jwtToken } = (await reply.json()) as { jwtToken: string }
      return { body: { jwtToken, clientId: 'portal' } }
    }
    case 'historyCsvLink': {
      const reply = await server.post('/rpc/transactionHistoryList', {}, token)
      return { query: { token: String(reply.body.exportCsv).split('token=').pop() ?? '' } }
    }
    case 'statementMonth':
      return { body: { dateFrom: `${new Date().toISOString().slice(0, 7)}-01` } }
    case 'statementReady': {
      const dateFrom = `${new Date().toISOString().slice(0, 7)}-01`
      const started = await server.post(
        '/rpc/transactionHistoryExportStart',
        { accountId: 10000001, dateFrom },
        token,
      )
      await runDueJobs(server.db)
      return { body: { exportId: String(started.body.exportId) } }
    }
    // A solved captcha and a number of the user's own still waiting for its code: a new one
    // (phoneToVerify), or the primary phone, which a customer's first number becomes.
    case 'phoneToVerify':
    case 'primaryPhoneToVerify': {
      const captcha = await solvedCaptcha(server.baseUrl)
      const phones = await phonesOf(server, token)
      const primary = phones.find((phone) => phone.status === 'Primary' && !phone.confirmed)
      if (preparation === 'primaryPhoneToVerify' && primary) return { body: { captcha } }
      const phoneId = await addedPhoneId(server, token)
      return { body: { captcha }, params: { phoneId: String(phoneId) } }
    }
    case 'recoveryCode': {
      const email = 'recovery@nova.example'
      const [user] = await server.db.select().from(users).where(eq(users.username, email))
      await issueAccountCode(server.db, user!.id, 'recovery', {
        recipient: email,
        lang: 'en',
        mail: 'passwordReset',
        params: (code) => ({ code }),
      })
      return { body: { email, code: await mailedCode(server, email) } }
    }
  }
}

interface PhoneView {
  id: number
  status: string
  confirmed: boolean
}

async function rpc(server: TestServer, token: string | undefined, operationId: string, body = {}) {
  const reply = await server.post(`/rpc/${operationId}`, body, token)
  if (reply.body.responseCode !== '00') throw new Error(`${operationId}: ${reply.text}`)
  return reply.body as Record<string, unknown>
}

async function phonesOf(server: TestServer, token: string | undefined): Promise<PhoneView[]> {
  const { profile } = (await rpc(server, token, 'profileInquiry')) as {
    profile: { phones: PhoneView[] }
  }
  return profile.phones
}

let phonesAdded = 0
/** A new number of the UK's fictional mobile range, added for the user: its id. */
async function addedPhoneId(server: TestServer, token: string | undefined): Promise<number> {
  const number = `7700900${String(800 + phonesAdded++).padStart(3, '0')}`
  const { phone } = (await rpc(server, token, 'phoneAdd', { countryCode: '44', number })) as {
    phone: PhoneView
  }
  return phone.id
}

/** A transaction two-step change to a mode the user does not have yet, and its code. */
async function twoStepRequest(server: TestServer, token: string | undefined) {
  for (const mode of ['otp', 'sms', 'simple']) {
    const reply = await fetch(`${server.baseUrl}/customer/two-step-verification`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ mode, typeMode: 'transaction' }),
    })
    if (reply.status !== 200) continue
    const body = (await reply.json()) as { reqId: string; otpauthUri?: string }
    const secret = body.otpauthUri && new URL(body.otpauthUri).searchParams.get('secret')
    const code = secret ? totpAt(secret, Date.now()) : await lastTwoStepCode(server)
    return { params: { reqId: body.reqId }, body: { code } }
  }
  throw new Error('no two-step mode could be requested')
}

async function lastTwoStepCode(server: TestServer): Promise<string> {
  const [message] = await server.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.subject, 'Confirm your two-step setting'))
    .orderBy(desc(outboxMessages.id))
    .limit(1)
  const code = /([0-9]{6})/.exec(message?.body ?? '')?.[1]
  if (!code) throw new Error('no two-step code in the outbox')
  return code
}

/** The code of the newest activation or recovery e-mail to a recipient. */
async function mailedCode(server: TestServer, recipient: string): Promise<string> {
  const [message] = await server.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, recipient))
    .orderBy(desc(outboxMessages.id))
    .limit(1)
  const code = /code is ([A-Z0-9]{8})/.exec(message?.body ?? '')?.[1]
  if (!code) throw new Error(`no code mailed to ${recipient}`)
  return code
}

/** Path parameters written "user:<username>" become that user's id. */
export async function resolveUserIds(
  server: TestServer,
  params: Record<string, string | number>,
): Promise<Record<string, string | number>> {
  const resolved: Record<string, string | number> = {}
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string' && value.startsWith('customer:')) {
      // The customer a user signs in for (a path naming its customer).
      const [user] = await server.db
        .select({ customerId: users.customerId })
        .from(users)
        .where(eq(users.username, value.slice('customer:'.length)))
      if (!user) throw new Error(`no user ${value}`)
      resolved[name] = user.customerId
    } else if (typeof value === 'string' && value.startsWith('user:')) {
      const [user] = await server.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.username, value.slice('user:'.length)))
      if (!user) throw new Error(`no user ${value}`)
      resolved[name] = user.id
    } else {
      resolved[name] = value
    }
  }
  return resolved
}
