// Starts the real server over a real database for the integration suites: PGlite in memory
// always, and PostgreSQL when one is reachable (DESIGN.md sections 8 and 9). Each suite file
// runs its cases once per target: `for (const target of databaseTargets()) describe(...)`.
import { inject } from 'vitest'
import { buildApp, type BuildOptions } from '../../src/server/app.ts'
import { configFromEnv } from '../../src/server/config.ts'
import { openDatabase, type Database, type Db } from '../../src/server/db/open-database.ts'
import { demoPassword } from '../../src/server/demo/seed.ts'
import { adminQuery, databaseUrl, runScopedName } from '../support/seeded-databases.ts'
import { openSeededPglite } from '../support/seeded-dump.ts'
import { codeChallengeS256, createCodeVerifier } from '../../src/shared/pkce.ts'
import type { components } from '../../src/generated/api.d.ts'

type Schemas = components['schemas']

/** The captcha difficulty of the test servers (config.ts captchaDifficulty). */
export const testCaptchaDifficulty = 8

/** The internal service token of the test servers (x-access internal operations). */
export const testInternalToken = 'internal-token-of-the-test-servers-0123456789'

export interface DatabaseTarget {
  /** Shown as the describe block's name, with the reason when skipped. */
  name: string
  kind: 'pglite' | 'postgres'
  /** An administrative URL; each server gets a fresh database created through it. */
  adminUrl?: string
  /** The seeded database each fresh PostgreSQL database is copied from. */
  template?: string
  /** Set when the target cannot run here; the suite is then skipped, not failed. */
  skipReason?: string
}

// The global setup (test/support/seeded-databases.ts) probed PostgreSQL and seeded the copies.
const postgres = inject('postgres')
if (postgres.skipReason)
  console.warn(`[integration] PostgreSQL suites skipped: ${postgres.skipReason}`)

export function databaseTargets(): DatabaseTarget[] {
  const pglite: DatabaseTarget = { name: 'PGlite (memory)', kind: 'pglite' }
  if (postgres.url)
    return [
      pglite,
      { name: 'PostgreSQL', kind: 'postgres', adminUrl: postgres.url, template: postgres.template },
    ]
  const skipReason = postgres.skipReason ?? 'PostgreSQL unavailable'
  return [pglite, { name: `PostgreSQL (skipped: ${skipReason})`, kind: 'postgres', skipReason }]
}

export interface TestDatabase {
  db: Db
  kind: Database['kind']
  close(): Promise<void>
}

/** A fresh, migrated and seeded database: a new in-memory PGlite or a new PostgreSQL database. */
export async function openTestDatabase(target: DatabaseTarget): Promise<TestDatabase> {
  if (target.skipReason) throw new Error(`assertion: ${target.name} is skipped`)
  if (target.kind === 'pglite') {
    return openSeededPglite()
  }
  if (!target.adminUrl || !target.template)
    throw new Error('assertion: a PostgreSQL target carries its URL and template')
  const adminUrl = target.adminUrl
  const name = runScopedName('portal_test')
  await adminQuery(adminUrl, `create database ${name} template ${target.template}`)
  let database: Database
  try {
    database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, name), dataDir: 'unused' })
  } catch (error) {
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
    throw error
  }
  return {
    db: database.db,
    kind: database.kind,
    async close() {
      await database.close()
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`)
    },
  }
}

/** Any JSON body the API answers with; each test reads the fields it cares about. */
export interface JsonBody {
  responseCode?: string
  responseDescription?: string
  errors?: Schemas['ValidationError'][]
  message?: string
  retryAfterSeconds?: number
  authFlow?: string
  code?: string
  userId?: number
  accessToken?: string
  refreshToken?: string
  expiresIn?: number
  accounts?: Schemas['Account'][]
  customer?: Schemas['CustomerInfo']
  [key: string]: unknown
}

/** What a client sees: status, headers, the raw text and the parsed JSON (`{}` when empty). */
export interface Reply {
  status: number
  headers: Headers
  text: string
  body: JsonBody
}

export interface TokenPair {
  accessToken: string
  refreshToken: string
  expiresIn: number
}

export interface LoginStart {
  verifier: string
  challenge: string
  reply: Reply
}

export interface TestServer {
  baseUrl: string
  db: Db
  /** POSTs JSON; a token goes in the Authorization header as a bearer token. */
  post(path: string, body: unknown, token?: string): Promise<Reply>
  /** POSTs a raw text body as application/json, for malformed-JSON cases. */
  postText(path: string, text: string, token?: string): Promise<Reply>
  /** The first sign-in step with a fresh PKCE pair, leaving the exchange to the caller. */
  beginSignIn(username: string, password?: string): Promise<LoginStart>
  /** The whole sign-in as the portal does it: login, then the code exchange when asked for. */
  signIn(username: string, password?: string): Promise<TokenPair>
  close(): Promise<void>
}

/** Starts the server on 127.0.0.1 with a random port over a fresh seeded database. */
export async function startServer(
  target: DatabaseTarget,
  options: BuildOptions = {},
  /** Settings over the test defaults (src/server/config.ts names). */
  env: Record<string, string> = {},
): Promise<TestServer> {
  const database = await openTestDatabase(target)
  const config = configFromEnv({
    PORTAL_DIR: 'none-such',
    DEMO: 'true',
    INTERNAL_TOKEN: testInternalToken,
    // Real proof of work, 256 hashes on average, so solving a captcha costs a test nothing.
    CAPTCHA_DIFFICULTY: String(testCaptchaDifficulty),
    ...env,
  })
  const app = await buildApp(database.db, config, options)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') {
    throw new Error('assertion: the server listens on a TCP port')
  }
  const baseUrl = `http://127.0.0.1:${address.port}`

  const postText = async (path: string, text: string, token?: string): Promise<Reply> => {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (token !== undefined) headers.authorization = `Bearer ${token}`
    const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers, body: text })
    const replyText = await response.text()
    let body: JsonBody = {}
    if (replyText !== '') {
      try {
        body = JSON.parse(replyText) as JsonBody
      } catch {
        throw new Error(`POST ${path} answered ${response.status} with non-JSON: ${replyText}`)
      }
    }
    return { status: response.status, headers: response.headers, text: replyText, body }
  }
  const post = (path: string, body: unknown, token?: string) =>
    postText(path, JSON.stringify(body), token)

  const beginSignIn = async (username: string, password = demoPassword): Promise<LoginStart> => {
    const verifier = createCodeVerifier()
    const challenge = await codeChallengeS256(verifier)
    const reply = await post('/auth/login', {
      client: 'spa',
      username,
      password,
      codeChallenge: challenge,
    })
    return { verifier, challenge, reply }
  }

  const signIn = async (username: string, password = demoPassword): Promise<TokenPair> => {
    const { verifier, reply } = await beginSignIn(username, password)
    if (reply.status !== 200) throw new Error(`login of ${username}: ${reply.status} ${reply.text}`)
    let tokens = reply
    if (reply.body.authFlow === 'direct') {
      tokens = await post('/auth/token', { code: reply.body.code, codeVerifier: verifier })
      if (tokens.status !== 200)
        throw new Error(`token of ${username}: ${tokens.status} ${tokens.text}`)
    }
    const { accessToken, refreshToken, expiresIn } = tokens.body
    if (accessToken === undefined || refreshToken === undefined || expiresIn === undefined) {
      throw new Error(`sign-in of ${username} gave no tokens: ${tokens.text}`)
    }
    return { accessToken, refreshToken, expiresIn }
  }

  return {
    baseUrl,
    db: database.db,
    post,
    postText,
    beginSignIn,
    signIn,
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** What a client sees of a fetch Response whose body is JSON (multipart and raw requests). */
export async function replyOf(response: Response): Promise<Reply> {
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    text,
    body: JSON.parse(text) as JsonBody,
  }
}

/** The parameters a VF answer names, in order. */
export function failedParameters(reply: Reply): string[] {
  return (reply.body.errors ?? []).map((error) => error.parameter)
}
