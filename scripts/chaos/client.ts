// HTTP of npm run chaos: JSON calls that answer undefined when the process died before the
// whole answer arrived, and the sign-in of a demo user (PKCE, as the portal does it).
import { codeChallengeS256, createCodeVerifier } from '../../src/shared/pkce.ts'

export const demoPassword = 'Demo-2026!'

export interface Answer {
  status: number
  body: Record<string, unknown>
}

/** One JSON POST; undefined when the connection broke (the process was killed). */
export async function post(
  baseUrl: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Answer | undefined> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (token !== undefined) headers.authorization = `Bearer ${token}`
  try {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    })
    const text = await response.text()
    return { status: response.status, body: text ? (JSON.parse(text) as Answer['body']) : {} }
  } catch {
    return undefined
  }
}

/** The access token of a demo user whose sign-in needs no second factor. */
export async function signIn(baseUrl: string, username: string): Promise<string> {
  const verifier = createCodeVerifier()
  const codeChallenge = await codeChallengeS256(verifier)
  const login = { client: 'spa', username, password: demoPassword, codeChallenge }
  const reply = await post(baseUrl, '/auth/login', login)
  let tokens = reply
  if (reply?.body.authFlow === 'direct') {
    tokens = await post(baseUrl, '/auth/token', { code: reply.body.code, codeVerifier: verifier })
  }
  const token = tokens?.body.accessToken
  if (typeof token !== 'string') {
    throw new Error(`chaos: sign-in of ${username}: ${reply?.status} ${tokens?.status}`)
  }
  return token
}

/** The ids of a user's accounts by currency, from balanceInquiry. */
export async function accountsOf(baseUrl: string, token: string) {
  const reply = await post(baseUrl, '/rpc/balanceInquiry', {}, token)
  const rows = (reply?.body.accounts ?? []) as { accountId: number; currencyCode: string }[]
  return Object.fromEntries(rows.map((row) => [row.currencyCode, row.accountId]))
}
