// The realtime channel: a WebSocket at /realtime (product-spec section 7). A browser cannot
// set headers on a WebSocket, so the client authenticates with its first message:
//   {"type":"authenticate","accessToken":"..."}  -> {"type":"authenticated","expiresIn":s}
// and sends the same message again with a fresh token after each refresh; when the token
// expires without one, the server closes the socket (4001). The sign-in page of the push
// flow, which has no token yet, waits for the linked device's decision with
//   {"type":"awaitLogin","code":"<code of authLogin>"}            -> {"type":"awaiting"}
// and then receives {"type":"PushLoginDecision","result":true|false,"reason"?}; a decision
// made before it asked comes just before "awaiting".
// Events arrive as the realtime-message schema describes.
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { FastifyInstance } from 'fastify'
import type { AppServices } from '../services.ts'
import { ipAllowed } from '../auth/ip-allowed.ts'
import { sha256 } from '../auth/tokens.ts'
import type { RealtimeHub } from './hub.ts'
import {
  customerChannel,
  loginChannel,
  sessionChannel,
  userChannel,
  userSessionsChannel,
  type RealtimeMessage,
} from './publish.ts'
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm'
import type { Db } from '../db/open-database.ts'
import { companyUsers } from '../db/schema-security.ts'
import { loginChallenges } from '../db/schema-auth.ts'
import { AccessRight } from '../../generated/constants.ts'

export const realtimePath = '/realtime'
/** A socket that does not authenticate or await a sign-in within this time is closed. */
const helloTimeoutMs = 10_000
const maxMessageBytes = 4096

/** How long a stopping instance waits for its clients to answer its close frame. */
const goodbyeTimeoutMs = 2000

export const closeCodes = {
  goingAway: 1001,
  unauthenticated: 4001,
  badMessage: 4002,
  refused: 4003,
} as const

export function attachRealtime(app: FastifyInstance, services: AppServices, hub: RealtimeHub) {
  const server = new WebSocketServer({ noServer: true, maxPayload: maxMessageBytes })
  app.server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0]
    if (path !== realtimePath) {
      socket.destroy()
      return
    }
    server.handleUpgrade(request, socket, head, (ws) => {
      const ip = services.config.trustProxy
        ? forwardedFor(request)
        : (request.socket.remoteAddress ?? '')
      new RealtimeConnection(ws, services, hub, ip)
    })
  })
  // Before the HTTP server closes: it waits for every connection, the upgraded ones too.
  app.addHook('preClose', () => closeClients(server))
}

/**
 * A stopping instance says goodbye with 1001 (going away), so that the portal connects again,
 * to another instance behind the proxy; a client that does not answer is cut off.
 */
async function closeClients(server: WebSocketServer): Promise<void> {
  const closed = [...server.clients].map(
    (client) => new Promise((resolve) => client.once('close', resolve)),
  )
  for (const client of server.clients) client.close(closeCodes.goingAway, 'server stopping')
  const cutOff = setTimeout(() => {
    for (const client of server.clients) client.terminate()
  }, goodbyeTimeoutMs)
  await Promise.all(closed)
  clearTimeout(cutOff)
  server.close()
}

function forwardedFor(request: IncomingMessage): string {
  const header = request.headers['x-forwarded-for']
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim()
  return first || (request.socket.remoteAddress ?? '')
}

class RealtimeConnection {
  private unsubscribe: (() => void)[] = []
  private expiryTimer: NodeJS.Timeout | undefined
  private helloTimer: NodeJS.Timeout | undefined

  private readonly ws: WebSocket
  private readonly services: AppServices
  private readonly hub: RealtimeHub
  private readonly ip: string

  constructor(ws: WebSocket, services: AppServices, hub: RealtimeHub, ip: string) {
    this.ws = ws
    this.services = services
    this.hub = hub
    this.ip = ip
    this.helloTimer = setTimeout(
      () => this.close(closeCodes.unauthenticated, 'no hello'),
      helloTimeoutMs,
    )
    ws.on('message', (data) => void this.receive(String(data)))
    ws.on('close', () => this.dispose())
    ws.on('error', () => this.dispose())
  }

  private send(message: RealtimeMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message))
  }

  private close(code: number, reason: string): void {
    this.dispose()
    this.ws.close(code, reason)
  }

  private dispose(): void {
    for (const stop of this.unsubscribe) stop()
    this.unsubscribe = []
    clearTimeout(this.expiryTimer)
    clearTimeout(this.helloTimer)
  }

  private async receive(text: string): Promise<void> {
    let message: { type?: unknown; accessToken?: unknown; code?: unknown }
    try {
      message = JSON.parse(text) as typeof message
    } catch {
      return this.close(closeCodes.badMessage, 'messages are JSON')
    }
    if (message.type === 'authenticate' && typeof message.accessToken === 'string') {
      return this.authenticate(message.accessToken)
    }
    if (message.type === 'awaitLogin' && typeof message.code === 'string') {
      clearTimeout(this.helloTimer)
      const codeHash = sha256(message.code)
      this.unsubscribe.push(this.hub.subscribe(loginChannel(codeHash), (event) => this.send(event)))
      // The phone may have decided before this page was listening: the stored decision is
      // sent first, so a quick approval is never lost (the page takes the first it hears).
      const decided = await storedPushDecision(this.services.db, codeHash)
      if (decided) this.send(decided)
      return this.send({ type: 'awaiting' })
    }
    this.close(closeCodes.badMessage, 'unknown message')
  }

  /** A first or a renewed token: the subscriptions follow the latest valid one. */
  private async authenticate(token: string): Promise<void> {
    const session = await this.services.tokens.verifyAccess(token)
    if (!session || session.temporary) {
      return this.close(closeCodes.unauthenticated, 'invalid or expired token')
    }
    if (!(await ipAllowed(this.services.db, session.customerId, this.ip))) {
      return this.close(closeCodes.refused, 'address not whitelisted')
    }
    clearTimeout(this.helloTimer)
    for (const stop of this.unsubscribe) stop()
    const forward = (event: RealtimeMessage) => this.send(event)
    const familyId = session.familyId ?? ''
    const end = () => this.close(closeCodes.unauthenticated, 'session ended')
    this.unsubscribe = [
      this.hub.subscribe(userChannel(session.userId), forward),
      this.hub.subscribe(customerChannel(session.customerId), forward),
      this.hub.subscribe(sessionChannel(familyId), end),
      this.hub.subscribe(userSessionsChannel(session.userId), (event) => {
        if (event.except !== familyId) end()
      }),
      // A company user hears the companies they act for (product-spec section 6).
      ...(await companiesOf(this.services.db, session.userId)).map((companyId) =>
        this.hub.subscribe(customerChannel(companyId), forward),
      ),
    ]
    const expiresIn = Math.max(0, Math.floor((session.expiresAtMs ?? Date.now()) - Date.now()))
    clearTimeout(this.expiryTimer)
    this.expiryTimer = setTimeout(
      () => this.close(closeCodes.unauthenticated, 'token expired'),
      expiresIn,
    )
    this.send({ type: 'authenticated', expiresIn: Math.floor(expiresIn / 1000) })
  }
}

/** The companies a user has any access right on (company_users, right above 0). */
async function companiesOf(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ companyId: companyUsers.companyCustomerId })
    .from(companyUsers)
    .where(and(eq(companyUsers.userId, userId), gt(companyUsers.accessRight, AccessRight.NoAccess)))
  return rows.map((row) => row.companyId)
}

/** A push sign-in's decision already stored and not yet exchanged, as the event that tells it. */
async function storedPushDecision(db: Db, codeHash: string): Promise<RealtimeMessage | null> {
  const [row] = await db
    .select({ decision: loginChallenges.decision, reason: loginChallenges.decisionReason })
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.codeHash, codeHash),
        eq(loginChallenges.flow, 'push'),
        isNotNull(loginChallenges.decision),
        isNull(loginChallenges.usedAt),
        gt(loginChallenges.expiresAt, new Date()),
      ),
    )
  if (!row) return null
  const result = row.decision === 'granted'
  return {
    type: 'PushLoginDecision',
    result,
    ...(!result && row.reason ? { reason: row.reason } : {}),
  }
}
