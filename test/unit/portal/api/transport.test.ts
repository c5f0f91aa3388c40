// The client conventions of product-spec section 7, against a real local HTTP server:
// version header, retries on network errors, 401 -> one refresh and a replay, and queued
// requests cancelled with "Request call failed" when the refresh is refused.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { SessionStore } from '../../../../src/portal/api/session-store.ts'
import {
  clientVersion,
  createTransport,
  requestCallFailed,
} from '../../../../src/portal/api/transport.ts'

class MemoryStorage implements Storage {
  private data = new Map<string, string>()
  get length() {
    return this.data.size
  }
  clear() {
    this.data.clear()
  }
  getItem(key: string) {
    return this.data.get(key) ?? null
  }
  key(index: number) {
    return [...this.data.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.data.delete(key)
  }
  setItem(key: string, value: string) {
    this.data.set(key, value)
  }
}

type Route = (req: IncomingMessage, res: ServerResponse, body: string) => void
let server: Server
let baseUrl: string
let route: Route
const seen: { path: string; auth?: string; version?: string }[] = []

beforeEach(async () => {
  seen.length = 0
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      seen.push({
        path: req.url ?? '',
        auth: req.headers.authorization,
        version: req.headers['x-client-version'] as string | undefined,
      })
      route(req, res, body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterEach(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
}

function setup(timing = {}) {
  const fetchImpl: typeof fetch = (input, init) =>
    fetch(typeof input === 'string' && input.startsWith('/') ? baseUrl + input : input, init)
  const session = new SessionStore({ storage: new MemoryStorage(), fetchImpl, timing })
  const send = createTransport({ session, fetchImpl, retryBaseDelayMs: 1 })
  return { session, send }
}

const rpc = (path = '/rpc/balanceInquiry') =>
  new Request(baseUrl + path, {
    method: 'POST',
    body: '{}',
    headers: { 'content-type': 'application/json' },
  })

describe('transport', () => {
  test('sends the client version header and the bearer token', async () => {
    route = (_req, res) => json(res, 200, { responseCode: '00' })
    const { session, send } = setup()
    session.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 })
    const response = await send(rpc())
    expect(response.status).toBe(200)
    expect(seen[0]).toMatchObject({ version: clientVersion, auth: 'Bearer access-1' })
    expect(clientVersion).toBe('2.1.2')
  })

  test('retries a dropped connection up to three times, then succeeds', async () => {
    let drops = 2
    route = (req, res) => {
      if (drops-- > 0) req.socket.destroy()
      else json(res, 200, { responseCode: '00' })
    }
    const { send } = setup()
    const response = await send(rpc())
    expect(response.status).toBe(200)
    expect(seen).toHaveLength(3)
  })

  test('gives up after three retries on a network that keeps failing', async () => {
    route = (req) => req.socket.destroy()
    const { send } = setup()
    await expect(send(rpc())).rejects.toThrow(TypeError)
    expect(seen).toHaveLength(4)
  })

  test('a 401 refreshes the token once and replays the request with the new token', async () => {
    route = (req, res, body) => {
      if (req.url === '/auth/refresh') {
        expect(JSON.parse(body)).toEqual({ refreshToken: 'refresh-1' })
        return json(res, 200, {
          accessToken: 'access-2',
          refreshToken: 'refresh-2',
          expiresIn: 300,
        })
      }
      if (req.headers.authorization === 'Bearer access-2')
        return json(res, 200, { responseCode: '00' })
      json(res, 401, { responseCode: 'AU' })
    }
    const { session, send } = setup()
    session.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 })
    const response = await send(rpc())
    expect(await response.json()).toEqual({ responseCode: '00' })
    expect(seen.map((s) => s.path)).toEqual([
      '/rpc/balanceInquiry',
      '/auth/refresh',
      '/rpc/balanceInquiry',
    ])
    expect(session.accessToken).toBe('access-2')
  })

  test('when the refresh is refused, the request and those queued behind it fail with "Request call failed"', async () => {
    let releaseRefresh: () => void = () => undefined
    route = (req, res) => {
      if (req.url === '/auth/refresh') {
        releaseRefresh = () => json(res, 403, { message: 'Your session has expired.' })
        return
      }
      json(res, 401, { responseCode: 'AU' })
    }
    const { session, send } = setup()
    const ended: (string | undefined)[] = []
    session.subscribe((tokens, reason) => !tokens && ended.push(reason))
    session.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 300 })
    const first = send(rpc())
    await expect.poll(() => seen.some((s) => s.path === '/auth/refresh')).toBe(true)
    const queued = send(rpc('/rpc/getCustomerInfo'))
    releaseRefresh()
    await expect(first).rejects.toThrow(requestCallFailed)
    await expect(queued).rejects.toThrow(requestCallFailed)
    expect(seen.filter((s) => s.path === '/rpc/getCustomerInfo')).toHaveLength(0)
    expect(session.isSignedIn).toBe(false)
    expect(ended).toEqual(['expired'])
  })
})

describe('session timers', () => {
  test('refreshes the access token the lead time before it expires', async () => {
    route = (_req, res) =>
      json(res, 200, { accessToken: 'access-2', refreshToken: 'refresh-2', expiresIn: 300 })
    const { session } = setup({ refreshLeadMs: 1_000 - 50 })
    session.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', expiresIn: 1 })
    await expect.poll(() => session.accessToken, { timeout: 20_000 }).toBe('access-2')
    expect(seen.map((s) => s.path)).toEqual(['/auth/refresh'])
    await session.signOut()
  })

  test('signs out after the idle timeout without activity, and activity postpones it', async () => {
    // The clock is the test's: a busy machine cannot stretch one wait past the idle time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    try {
      route = (_req, res) => res.writeHead(204).end()
      const { session } = setup({ idleTimeoutMs: 150 })
      const ended: (string | undefined)[] = []
      session.subscribe((tokens, reason) => !tokens && ended.push(reason))
      session.signIn({ accessToken: 'a', refreshToken: 'r', expiresIn: 300 })
      vi.advanceTimersByTime(100)
      session.touch()
      vi.advanceTimersByTime(100)
      expect(session.isSignedIn).toBe(true)
      vi.advanceTimersByTime(50)
      expect(session.isSignedIn).toBe(false)
      expect(ended).toEqual(['idle'])
    } finally {
      vi.useRealTimers()
    }
  })
})
