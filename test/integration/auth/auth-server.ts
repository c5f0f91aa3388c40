// A server for the sign-in suites: the harness's real server and database, with the internal
// service token set, plus requests of any method and the demo mailbox the phone reads.
import { buildApp } from '../../../src/server/app.ts'
import { configFromEnv } from '../../../src/server/config.ts'
import { demoPassword } from '../../../src/server/demo/seed.ts'
import type { Db } from '../../../src/server/db/open-database.ts'
import { codeChallengeS256, createCodeVerifier } from '../../../src/shared/pkce.ts'
import {
  openTestDatabase,
  type DatabaseTarget,
  type JsonBody,
  type Reply,
} from '../server-harness.ts'

export const internalToken = 'internal-token-for-the-sign-in-tests-0123456789'

export interface CallOptions {
  token?: string | undefined
  headers?: Record<string, string>
}

export interface AuthServer {
  baseUrl: string
  db: Db
  call(method: string, path: string, body?: unknown, options?: CallOptions): Promise<Reply>
  login(username: string, password?: string): Promise<{ verifier: string; reply: Reply }>
  mailbox(recipient: string): Promise<MailboxMessage[]>
  close(): Promise<void>
}

export interface MailboxMessage {
  channel: string
  recipient: string
  subject: string
  body: string
  data?: Record<string, string>
}

export async function startAuthServer(
  target: DatabaseTarget,
  env: Record<string, string> = {},
): Promise<AuthServer> {
  const database = await openTestDatabase(target)
  const config = configFromEnv({
    PORTAL_DIR: 'none-such',
    DEMO: 'true',
    INTERNAL_TOKEN: internalToken,
    ...env,
  })
  const app = await buildApp(database.db, config)
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  if (address === null || typeof address === 'string') throw new Error('assertion: TCP server')
  const baseUrl = `http://127.0.0.1:${address.port}`

  const call = async (
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<Reply> => {
    const headers: Record<string, string> = { ...options.headers }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    const text = await response.text()
    const parsed = text === '' ? {} : (JSON.parse(text) as JsonBody)
    return { status: response.status, headers: response.headers, text, body: parsed }
  }

  return {
    baseUrl,
    db: database.db,
    call,
    async login(username, password = demoPassword) {
      const verifier = createCodeVerifier()
      const reply = await call('POST', '/auth/login', {
        client: 'spa',
        username,
        password,
        codeChallenge: await codeChallengeS256(verifier),
      })
      return { verifier, reply }
    },
    async mailbox(recipient) {
      const reply = await call('GET', `/demo/mailbox?recipient=${encodeURIComponent(recipient)}`)
      if (reply.status !== 200) throw new Error(`mailbox: ${reply.status} ${reply.text}`)
      return reply.body.messages as MailboxMessage[]
    },
    async close() {
      await app.close()
      await database.close()
    },
  }
}

/** The six-digit code in the newest message of a mailbox. */
export function codeIn(message: MailboxMessage | undefined): string {
  const match = /([0-9]{6})/.exec(message?.body.replace(/[0-9]{2}-(?=[0-9]{6})/, '') ?? '')
  if (!match?.[1]) throw new Error(`no code in ${JSON.stringify(message)}`)
  return match[1]
}
