// The sign-in steps of product-spec sections 4 and 9: a fresh PKCE verifier per attempt,
// POST /auth/login with its S256 challenge, then either tokens at once (simple) or the
// code exchanged at /auth/token with the verifier.
import { api, session } from '../../api/client.ts'
import { codeChallengeS256, createCodeVerifier } from '../../../shared/pkce.ts'

export type SignInResult =
  | { ok: true }
  | { ok: false; kind: 'refused' | 'blocked'; message: string }
  | { ok: false; kind: 'invalid'; fields: Record<string, string> }
  | { ok: false; kind: 'unsupported-flow'; flow: string }
  | { ok: false; kind: 'network' | 'server' }

export async function signIn(username: string, password: string): Promise<SignInResult> {
  const codeVerifier = createCodeVerifier()
  const codeChallenge = await codeChallengeS256(codeVerifier)
  try {
    const login = await api.POST('/auth/login', {
      body: { client: 'spa', username, password, codeChallenge, codeChallengeMethod: 'S256' },
    })
    if (!login.data) return failure(login.response.status, login.error)
    const flow = login.data
    if (flow.authFlow === 'simple' && flow.accessToken && flow.refreshToken) {
      session.signIn({
        accessToken: flow.accessToken,
        refreshToken: flow.refreshToken,
        expiresIn: flow.expiresIn ?? 300,
      })
      return { ok: true }
    }
    if (flow.authFlow !== 'direct' || !flow.code)
      return { ok: false, kind: 'unsupported-flow', flow: flow.authFlow }
    const token = await api.POST('/auth/token', { body: { code: flow.code, codeVerifier } })
    if (!token.data) return failure(token.response.status, token.error)
    session.signIn(token.data)
    return { ok: true }
  } catch {
    return { ok: false, kind: 'network' }
  }
}

function failure(status: number, error: unknown): SignInResult {
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
  if ((status === 403 || status === 429) && body.message) {
    return { ok: false, kind: status === 429 ? 'blocked' : 'refused', message: body.message }
  }
  return { ok: false, kind: 'server' }
}
