// The realtime channel (product-spec sections 4 and 7): one WebSocket at /realtime on the
// portal's own origin. A browser cannot set headers on a WebSocket, so the first message
// authenticates with the access token, and each refreshed token is sent again. Two-step,
// password-change, notification and transaction events reach the listeners; signing out
// closes the channel. A push sign-in waits on its own short-lived socket (awaitPushDecision).
import type { SessionStore } from './session-store.ts'

export interface RealtimeEvent {
  type?: string
  data?: Record<string, unknown>
  transaction_id?: string | number
  result?: boolean
  message?: string
  reason?: string
}

type Listener = (event: RealtimeEvent) => void

function realtimeUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws'
  return `${scheme}://${window.location.host}/realtime`
}

const reconnectDelayMs = 3000

/** The signed-in channel: connected while the session lives, re-authenticated on refresh. */
export class RealtimeChannel {
  private socket: WebSocket | null = null
  private readonly listeners = new Set<Listener>()
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined
  private started = false

  private readonly session: SessionStore

  constructor(session: SessionStore) {
    this.session = session
    session.subscribe((tokens) => {
      if (!tokens) this.stop()
      else if (this.socket?.readyState === WebSocket.OPEN) this.authenticate()
    })
  }

  /** Starts the channel if the session is signed in; safe to call more than once. */
  start(): void {
    if (this.started || !this.session.isSignedIn) return
    this.started = true
    this.connect()
  }

  stop(): void {
    this.started = false
    clearTimeout(this.reconnectTimer)
    const socket = this.socket
    this.socket = null
    socket?.close(1000, 'signed out')
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  get connected(): boolean {
    return this.socket?.readyState === WebSocket.OPEN
  }

  private connect(): void {
    const socket = new WebSocket(realtimeUrl())
    this.socket = socket
    socket.onopen = () => this.authenticate()
    socket.onmessage = (message) => {
      let event: RealtimeEvent
      try {
        event = JSON.parse(String(message.data)) as RealtimeEvent
      } catch {
        return
      }
      if (event.type === 'authenticated') return
      for (const listener of this.listeners) listener(event)
    }
    socket.onclose = () => {
      if (this.socket !== socket || !this.started) return
      this.socket = null
      // A dropped connection comes back while the session lives.
      this.reconnectTimer = setTimeout(() => {
        if (this.started && this.session.isSignedIn) this.connect()
      }, reconnectDelayMs)
    }
  }

  private authenticate(): void {
    const accessToken = this.session.accessToken
    if (accessToken && this.socket?.readyState === WebSocket.OPEN)
      this.socket.send(JSON.stringify({ type: 'authenticate', accessToken }))
  }
}

/**
 * Waits for the linked device's decision on a push sign-in. Resolves with the decision, or
 * with null when the socket closes first (the page offers to send the push again).
 */
export function awaitPushDecision(code: string): {
  decision: Promise<{ result: boolean; reason?: string } | null>
  close(): void
} {
  const socket = new WebSocket(realtimeUrl())
  const decision = new Promise<{ result: boolean; reason?: string } | null>((resolve) => {
    socket.onopen = () => socket.send(JSON.stringify({ type: 'awaitLogin', code }))
    socket.onmessage = (message) => {
      const event = JSON.parse(String(message.data)) as RealtimeEvent
      if (event.type !== 'PushLoginDecision') return
      resolve({ result: event.result === true, ...(event.reason ? { reason: event.reason } : {}) })
      socket.close(1000, 'decided')
    }
    socket.onclose = () => resolve(null)
    socket.onerror = () => resolve(null)
  })
  return { decision, close: () => socket.close(1000, 'left') }
}
