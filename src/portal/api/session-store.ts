// The signed-in session: tokens in sessionStorage (per tab, gone when it closes), a refresh
// 10 s before the access token expires, and sign-out after 15 minutes without activity
// (product-spec sections 4 and 9). One refresh at a time; callers share its result.

export interface Tokens {
  accessToken: string
  refreshToken: string
  /** Epoch milliseconds when the access token expires. */
  expiresAtMs: number
}

export interface SessionTiming {
  refreshLeadMs: number
  idleTimeoutMs: number
}

export const defaultTiming: SessionTiming = { refreshLeadMs: 10_000, idleTimeoutMs: 15 * 60_000 }

type Listener = (tokens: Tokens | null, reason?: 'expired' | 'idle' | 'signed-out') => void

const storageKey = 'portal.session'

export class SessionStore {
  private tokens: Tokens | null
  private refreshing: Promise<boolean> | null = null
  private refreshTimer: ReturnType<typeof setTimeout> | undefined
  private idleTimer: ReturnType<typeof setTimeout> | undefined
  private readonly listeners = new Set<Listener>()
  private readonly timing: SessionTiming
  private readonly storage: Storage
  private readonly fetchImpl: typeof fetch

  constructor(
    options: { timing?: Partial<SessionTiming>; storage?: Storage; fetchImpl?: typeof fetch } = {},
  ) {
    this.timing = { ...defaultTiming, ...options.timing }
    this.storage = options.storage ?? sessionStorage
    this.fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init))
    this.tokens = this.read()
    if (this.tokens) this.schedule()
  }

  get accessToken(): string | undefined {
    return this.tokens?.accessToken
  }

  get isSignedIn(): boolean {
    return this.tokens !== null
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  signIn(pair: { accessToken: string; refreshToken: string; expiresIn: number }): void {
    this.set({
      accessToken: pair.accessToken,
      refreshToken: pair.refreshToken,
      expiresAtMs: Date.now() + pair.expiresIn * 1000,
    })
  }

  /** The refresh in progress, if any; requests wait on it instead of racing it. */
  get pendingRefresh(): Promise<boolean> | null {
    return this.refreshing
  }

  /** Refreshes once; concurrent callers get the same promise. False means signed out. */
  refresh(): Promise<boolean> {
    if (this.refreshing) return this.refreshing
    const refreshToken = this.tokens?.refreshToken
    if (!refreshToken) return Promise.resolve(false)
    this.refreshing = this.callRefresh(refreshToken).finally(() => {
      this.refreshing = null
    })
    return this.refreshing
  }

  /** Any user activity postpones the idle sign-out. */
  touch(): void {
    if (!this.tokens) return
    clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => this.end('idle'), this.timing.idleTimeoutMs)
  }

  async signOut(): Promise<void> {
    const refreshToken = this.tokens?.refreshToken
    this.end('signed-out')
    if (refreshToken) {
      await this.fetchImpl('/auth/logout', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      }).catch(() => undefined)
    }
  }

  private async callRefresh(refreshToken: string): Promise<boolean> {
    try {
      const response = await this.fetchImpl('/auth/refresh', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ refreshToken }),
      })
      if (!response.ok) {
        this.end('expired')
        return false
      }
      this.signIn(await response.json())
      return true
    } catch {
      // A network failure is not a refused refresh; keep the session and try again later.
      return false
    }
  }

  private set(tokens: Tokens): void {
    this.tokens = tokens
    this.storage.setItem(storageKey, JSON.stringify(tokens))
    this.schedule()
    this.touch()
    for (const listener of this.listeners) listener(tokens)
  }

  private end(reason: 'expired' | 'idle' | 'signed-out'): void {
    clearTimeout(this.refreshTimer)
    clearTimeout(this.idleTimer)
    const wasSignedIn = this.tokens !== null
    this.tokens = null
    this.storage.removeItem(storageKey)
    if (wasSignedIn) for (const listener of this.listeners) listener(null, reason)
  }

  private schedule(): void {
    clearTimeout(this.refreshTimer)
    if (!this.tokens) return
    const delay = Math.max(0, this.tokens.expiresAtMs - Date.now() - this.timing.refreshLeadMs)
    this.refreshTimer = setTimeout(() => void this.refresh(), delay)
  }

  private read(): Tokens | null {
    try {
      const value = JSON.parse(this.storage.getItem(storageKey) ?? 'null') as Tokens | null
      return value && typeof value.refreshToken === 'string' ? value : null
    } catch {
      return null
    }
  }
}
