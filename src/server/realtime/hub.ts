// The instance's side of the realtime fan-out: one LISTEN on the portal's NOTIFY channel
// (a dedicated pooled connection on PostgreSQL, the embedded instance on PGlite), handing
// each event to the sockets of this instance subscribed to its channel. Nothing here is
// needed by another instance, so the server stays stateless (DESIGN.md section 8).
import type { Db } from '../db/open-database.ts'
import { notifyChannel, type RealtimeMessage } from './publish.ts'

type Listener = (message: RealtimeMessage) => void

interface PgliteLike {
  listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>>
}

interface PgClientLike {
  query(text: string): Promise<unknown>
  on(event: 'notification', callback: (n: { payload?: string }) => void): void
  on(event: 'error', callback: (error: Error) => void): void
  release(error?: boolean): void
}

interface PgPoolLike {
  connect(): Promise<PgClientLike>
}

const reconnectDelayMs = 1000

export class RealtimeHub {
  private readonly listeners = new Map<string, Set<Listener>>()
  private stopListening: (() => Promise<void>) | undefined
  private closed = false

  private readonly db: Db

  private constructor(db: Db) {
    this.db = db
  }

  static async start(db: Db): Promise<RealtimeHub> {
    const hub = new RealtimeHub(db)
    await hub.listen()
    return hub
  }

  subscribe(channel: string, listener: Listener): () => void {
    let set = this.listeners.get(channel)
    if (!set) {
      set = new Set()
      this.listeners.set(channel, set)
    }
    set.add(listener)
    return () => {
      set.delete(listener)
      if (set.size === 0) this.listeners.delete(channel)
    }
  }

  async close(): Promise<void> {
    this.closed = true
    await this.stopListening?.()
  }

  private deliver(payload: string | undefined): void {
    if (!payload) return
    let event: { channel?: unknown; message?: unknown }
    try {
      event = JSON.parse(payload) as typeof event
    } catch {
      return
    }
    if (typeof event.channel !== 'string' || typeof event.message !== 'object') return
    for (const listener of this.listeners.get(event.channel) ?? []) {
      listener(event.message as RealtimeMessage)
    }
  }

  private async listen(): Promise<void> {
    const client = (this.db as unknown as { $client: unknown }).$client
    if (typeof (client as PgliteLike).listen === 'function') {
      this.stopListening = await (client as PgliteLike).listen(notifyChannel, (payload) =>
        this.deliver(payload),
      )
      return
    }
    await this.listenOnPool(client as PgPoolLike)
  }

  /** A connection of its own holds the LISTEN; when it drops, a new one takes over. */
  private async listenOnPool(pool: PgPoolLike): Promise<void> {
    const connection = await pool.connect()
    let released = false
    const release = (error: boolean) => {
      if (released) return
      released = true
      connection.release(error)
    }
    connection.on('notification', (notification) => this.deliver(notification.payload))
    connection.on('error', (error) => {
      console.error(`realtime: LISTEN connection lost: ${error.message}`)
      release(true)
      if (!this.closed) {
        setTimeout(() => void this.listenOnPool(pool).catch(() => undefined), reconnectDelayMs)
      }
    })
    await connection.query(`listen ${notifyChannel}`)
    this.stopListening = async () => {
      await connection.query(`unlisten ${notifyChannel}`).catch(() => undefined)
      release(false)
    }
  }
}
