// The sign-in steps of product-spec sections 3, 4 and 9: a fresh PKCE verifier per attempt,
// POST /auth/login with its S256 challenge, then, by the flow the server names, tokens at
// once (simple), the code exchanged with the verifier (direct), or a second step first:
// an authenticator or SMS code, a push the linked phone decides, a device to link
// (verifyDevice, strict migration), or the soft-migration notice before the flow goes on.
import { api, session } from '../../api/client.ts'
import { codeChallengeS256, createCodeVerifier } from '../../../shared/pkce.ts'

export interface Device {
  id: string
  name: string
  type: 'android' | 'ios'
  status?: string
  link?: string
}

/** What the person does next; each carries what its exchange needs. */
export type SecondStep =
  | {
      kind: 'code'
      flow: 'otp' | 'sms'
      code: string
      verifier: string
      phoneNumber?: string
      smsIdentifier?: string
    }
  | { kind: 'push'; code: string; verifier: string }
  | {
      kind: 'device'
      tmpJwt: string
      devices: Device[]
      /** With a code the sign-in goes on once a device is approved; without (strict) it ends. */
      code?: string
      verifier?: string
      /** After a soft-migration set-up: the flow's own step, which comes next. */
      then?: SecondStep
    }
  | {
      kind: 'migration'
      daysLeft: number
      tmpJwt: string
      strategy: 'migrate' | 'enable'
      devices: Device[]
      /** The flow the person continues with when they choose to set it up later. */
      then: SecondStep | { kind: 'exchange'; code: string; verifier: string }
    }

export type SignInResult =
  | { ok: true; next?: undefined }
  | { ok: true; next: SecondStep }
  | { ok: false; kind: 'refused' | 'blocked'; message: string }
  | { ok: false; kind: 'invalid'; fields: Record<string, string> }
  | { ok: false; kind: 'network' | 'server' }

interface LoginAnswer {
  authFlow: string
  code?: string
  accessToken?: string
  refreshToken?: string
  expiresIn?: number
  tmpJwt?: string
  devices?: Device[]
  phoneNumber?: string
  smsIdentifier?: string
  migration?: {
    req?: 'none' | 'soft' | 'strict'
    daysLeft?: number
    tmpJwt?: string
    strat?: 'migrate' | 'enable'
    devices?: Device[]
  }
}

export async function signIn(username: string, password: string): Promise<SignInResult> {
  const verifier = createCodeVerifier()
  const codeChallenge = await codeChallengeS256(verifier)
  try {
    const login = await api.POST('/auth/login', {
      body: { client: 'spa', username, password, codeChallenge, codeChallengeMethod: 'S256' },
    })
    if (!login.data) return failure(login.response.status, login.error)
    return await afterLogin(login.data as LoginAnswer, verifier)
  } catch {
    return { ok: false, kind: 'network' }
  }
}

/** Signs in from a code and verifier handed over in the address (product-spec section 2). */
export async function signInWithCode(code: string, verifier: string): Promise<SignInResult> {
  return exchange({ code, codeVerifier: verifier })
}

async function afterLogin(answer: LoginAnswer, verifier: string): Promise<SignInResult> {
  if (answer.authFlow === 'simple' && answer.accessToken && answer.refreshToken) {
    session.signIn({
      accessToken: answer.accessToken,
      refreshToken: answer.refreshToken,
      expiresIn: answer.expiresIn ?? 300,
    })
    return { ok: true }
  }
  const migration = answer.migration
  if (migration?.req === 'strict' || (answer.authFlow === 'verifyDevice' && !answer.code)) {
    const tmpJwt = migration?.tmpJwt ?? answer.tmpJwt
    if (!tmpJwt) return { ok: false, kind: 'server' }
    return {
      ok: true,
      next: { kind: 'device', tmpJwt, devices: migration?.devices ?? answer.devices ?? [] },
    }
  }
  const code = answer.code
  if (!code) return { ok: false, kind: 'server' }
  const flowStep = stepOf(answer, code, verifier)
  if (!flowStep) return { ok: false, kind: 'server' }
  if (migration?.req === 'soft' && migration.tmpJwt) {
    return {
      ok: true,
      next: {
        kind: 'migration',
        daysLeft: migration.daysLeft ?? 0,
        tmpJwt: migration.tmpJwt,
        strategy: migration.strat ?? 'enable',
        devices: migration.devices ?? [],
        then: flowStep === 'exchange' ? { kind: 'exchange', code, verifier } : flowStep,
      },
    }
  }
  if (flowStep === 'exchange') return exchange({ code, codeVerifier: verifier })
  return { ok: true, next: flowStep }
}

function stepOf(
  answer: LoginAnswer,
  code: string,
  verifier: string,
): SecondStep | 'exchange' | null {
  switch (answer.authFlow) {
    case 'direct':
      return 'exchange'
    case 'otp':
      return { kind: 'code', flow: 'otp', code, verifier }
    case 'sms':
      return {
        kind: 'code',
        flow: 'sms',
        code,
        verifier,
        ...(answer.phoneNumber ? { phoneNumber: answer.phoneNumber } : {}),
        ...(answer.smsIdentifier ? { smsIdentifier: answer.smsIdentifier } : {}),
      }
    case 'push':
      return { kind: 'push', code, verifier }
    case 'verifyDevice':
      return answer.tmpJwt
        ? { kind: 'device', tmpJwt: answer.tmpJwt, devices: answer.devices ?? [], code, verifier }
        : null
    default:
      return null
  }
}

/** The last step of every flow but simple: the code, its verifier and the flow's proof. */
export async function exchange(body: {
  code: string
  codeVerifier: string
  otp?: string
}): Promise<SignInResult> {
  try {
    const token = await api.POST('/auth/token', { body })
    if (!token.data) return failure(token.response.status, token.error)
    session.signIn(token.data)
    return { ok: true }
  } catch {
    return { ok: false, kind: 'network' }
  }
}

/** Sends the push of a waiting push sign-in again; false when it is no longer valid. */
export async function resendPush(code: string): Promise<SignInResult> {
  try {
    const answer = await api.POST('/auth/push/re-send', { body: { code } })
    if (answer.response.ok) return { ok: true }
    return failure(answer.response.status, answer.error)
  } catch {
    return { ok: false, kind: 'network' }
  }
}

export function failure(status: number, error: unknown): SignInResult {
  const body = (error ?? {}) as {
    message?: string
    errors?: { parameter: string; description: string }[]
  }
  if (status === 400 && body.errors) {
    return {
      ok: false,
      kind: 'invalid',
      fields: Object.fromEntries(body.errors.map((e) => [e.parameter, e.description])),
    }
  }
  if ((status === 403 || status === 404 || status === 429) && body.message) {
    return { ok: false, kind: status === 429 ? 'blocked' : 'refused', message: body.message }
  }
  return { ok: false, kind: 'server' }
}
