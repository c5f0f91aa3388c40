// Access tokens are short JWTs (HS256, jose) with a key shared by every instance through the
// database; refresh tokens are random, stored only as hashes, and rotate on every use.
import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNotNull, isNull, ne } from 'drizzle-orm'
import { jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { Db } from '../db/open-database.ts'
import { refreshTokens, serverSecrets, users, customers } from '../db/schema.ts'
import type { ServerConfig } from '../config.ts'
import type { Session } from './session.ts'
import type { RequestGuards } from '../rpc/request-guards.ts'
import { publish, sessionChannel, userSessionsChannel } from '../realtime/publish.ts'

const issuer = 'portal'
/** A tmpJwt lives long enough to scan a QR code and approve a device. */
export const temporaryTokenTtlSeconds = 15 * 60
/** Verified access tokens kept in memory (a bound, not a working size). */
const maxVerifiedTokens = 10_000

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('base64url')
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** The signing key: created once and stored, so all instances and restarts agree. */
export async function loadSigningKey(db: Db): Promise<Uint8Array> {
  const fresh = randomToken(48)
  await db.insert(serverSecrets).values({ name: 'jwt-hs256', value: fresh }).onConflictDoNothing()
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, 'jwt-hs256'))
  if (!row) throw new Error('assertion: the signing key row exists after insert')
  return new TextEncoder().encode(row.value)
}

/**
 * A linked device's sign-in (token exchange with its secret) is a family named after the
 * device, so every rotation keeps saying which device holds it.
 */
export function deviceFamilyId(deviceId: string): string {
  return `device:${deviceId}:${randomUUID()}`
}

function deviceOfFamily(familyId: string): string | undefined {
  return familyId.startsWith('device:') ? familyId.split(':')[1] : undefined
}

export interface TokenPair {
  accessToken: string
  refreshToken: string
  expiresIn: number
}

export class TokenService {
  private readonly db: Db
  private readonly config: ServerConfig
  private readonly key: Uint8Array
  /** Tokens whose signature was checked, with what it vouches for (verifiedSession). */
  private readonly verified = new Map<string, Session>()
  /** Sign-ins known live, when the app keeps them (rpc/request-guards.ts). */
  private readonly guards: RequestGuards | undefined

  constructor(db: Db, config: ServerConfig, key: Uint8Array, guards?: RequestGuards) {
    this.db = db
    this.config = config
    this.key = key
    this.guards = guards
  }

  /** Issues a pair for a user; familyId continues a rotation chain or starts a new one. */
  async issue(userId: number, familyId: string = randomUUID()): Promise<TokenPair> {
    const [row] = await this.db
      .select({ customerId: users.customerId, isAdmin: customers.isAdmin })
      .from(users)
      .innerJoin(customers, eq(customers.id, users.customerId))
      .where(eq(users.id, userId))
    if (!row) throw new Error(`assertion: user ${userId} exists when tokens are issued`)
    const ttl = this.config.accessTokenTtlSeconds
    const deviceId = deviceOfFamily(familyId)
    const claims = { cid: row.customerId, adm: row.isAdmin, fam: familyId }
    const accessToken = await new SignJWT(deviceId ? { ...claims, dev: deviceId } : claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(this.key)
    const refreshToken = randomToken()
    await this.db.insert(refreshTokens).values({
      id: randomUUID(),
      familyId,
      userId,
      tokenHash: sha256(refreshToken),
      expiresAt: new Date(Date.now() + this.config.refreshTokenTtlSeconds * 1000),
    })
    return { accessToken, refreshToken, expiresIn: ttl }
  }

  /**
   * A tmpJwt (verifyDevice flow, migration): proves the password step only, so it may link
   * and approve a device and nothing else (session-checks.ts), and it cannot be refreshed.
   */
  async issueTemporary(userId: number): Promise<string> {
    const [row] = await this.db
      .select({ customerId: users.customerId })
      .from(users)
      .where(eq(users.id, userId))
    if (!row) throw new Error(`assertion: user ${userId} exists when a tmpJwt is issued`)
    return new SignJWT({ cid: row.customerId, adm: false, tmp: true })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuer(issuer)
      .setIssuedAt()
      .setExpirationTime(`${temporaryTokenTtlSeconds}s`)
      .sign(this.key)
  }

  /**
   * The session of an access token, or undefined. A token whose sign-in was logged out (its
   * refresh family revoked) is refused at once, not when it expires (DESIGN.md section 11).
   */
  async verifyAccess(token: string): Promise<Session | undefined> {
    const session = await this.verifiedSession(token)
    if (!session || session.temporary) return session
    if (!session.familyId || !(await this.familyLive(session.familyId))) return undefined
    return session
  }

  /**
   * What a token's signature vouches for. A token verified once says the same until it
   * expires, so the answer is kept in memory until then (a bounded map, started over when
   * full): a client calling with one token many times has it checked once.
   */
  private async verifiedSession(token: string): Promise<Session | undefined> {
    const known = this.verified.get(token)
    if (known && (known.expiresAtMs ?? 0) > Date.now()) return { ...known }
    const session = await this.verifySignature(token)
    if (session) {
      if (this.verified.size >= maxVerifiedTokens) this.verified.clear()
      this.verified.set(token, session)
    }
    return session
  }

  private async verifySignature(token: string): Promise<Session | undefined> {
    let payload: JWTPayload
    try {
      payload = (await jwtVerify(token, this.key, { issuer, algorithms: ['HS256'] })).payload
    } catch {
      return undefined
    }
    const userId = Number(payload.sub)
    const customerId = Number(payload.cid)
    if (!Number.isInteger(userId) || !Number.isInteger(customerId)) return undefined
    const expiresAtMs = (payload.exp ?? 0) * 1000
    if (payload.tmp === true) {
      return { userId, customerId, isAdmin: false, temporary: true, expiresAtMs }
    }
    if (typeof payload.fam !== 'string') return undefined
    return {
      userId,
      customerId,
      isAdmin: payload.adm === true,
      familyId: payload.fam,
      expiresAtMs,
      ...(typeof payload.dev === 'string' ? { deviceId: payload.dev } : {}),
    }
  }

  /**
   * A sign-in is live until revoked. The answer comes from the request guards cache when the
   * app keeps one: a revocation reaches it through a trigger's notification on every instance,
   * and at once on this one (revokeFamily, revokeUser).
   */
  private async familyLive(familyId: string): Promise<boolean> {
    const check = async () => !(await this.familyRevoked(familyId))
    return this.guards ? this.guards.familyLive(familyId, check) : check()
  }

  private async familyRevoked(familyId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
      .limit(1)
    return row !== undefined
  }

  /** Ends every sign-in of a user (a password or sign-in mode change). */
  async revokeUser(userId: number, exceptFamilyId?: string): Promise<void> {
    await revokeSignInsOf(this.db, userId, exceptFamilyId)
    this.guards?.forgetSessions()
    await publish(this.db, userSessionsChannel(userId), {
      type: 'revoked',
      ...(exceptFamilyId ? { except: exceptFamilyId } : {}),
    })
  }

  /** Ends the sign-in an access token belongs to. */
  async revokeFamilyOf(familyId: string): Promise<void> {
    await this.revokeFamily(familyId)
  }

  /**
   * Rotates a refresh token. A token that was already used or revoked means it leaked:
   * the whole family is revoked and the caller must sign in again (DESIGN.md section 11).
   */
  async rotate(refreshToken: string): Promise<TokenPair | 'refused'> {
    const now = new Date()
    const [row] = await this.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
    if (!row) return 'refused'
    if (row.usedAt || row.revokedAt || row.expiresAt <= now) {
      await this.revokeFamily(row.familyId)
      return 'refused'
    }
    // The conditional update makes two concurrent refreshes with one token yield one winner.
    const spent = await this.db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id })
    if (spent.length === 0) {
      await this.revokeFamily(row.familyId)
      return 'refused'
    }
    return this.issue(row.userId, row.familyId)
  }

  async revoke(refreshToken: string): Promise<void> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(refreshToken)))
    if (row) await this.revokeFamily(row.familyId)
  }

  private async revokeFamily(familyId: string): Promise<void> {
    await this.db
      .update(refreshTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)))
    await this.familiesEnded([familyId])
  }

  /**
   * Sign-ins revoked in the database (here, or by an unlinked device): this instance stops
   * trusting them at once, without waiting for the trigger's notification, and their realtime
   * sockets close now, not when their token expires.
   */
  async familiesEnded(familyIds: readonly string[]): Promise<void> {
    for (const familyId of familyIds) {
      this.guards?.forget({ familyId })
      await publish(this.db, sessionChannel(familyId), { type: 'revoked' })
    }
  }
}

/**
 * Revokes every refresh token of a user (but the sign-in named), in the caller's transaction:
 * a password change or reset signs every device out. Access tokens of a revoked family are
 * refused from the next call on.
 */
export async function revokeSignInsOf(
  db: Db,
  userId: number,
  exceptFamilyId?: string,
): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
      ),
    )
}
