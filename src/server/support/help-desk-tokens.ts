// The support login's two tokens (product-spec section 4): supportJwtGet signs a short login
// token naming the signed-in user and the customer acted for; helpDeskTokenExchange turns it
// into the help desk's access token, which the help-desk paths take (security scheme helpDesk
// in spec/openapi.yaml) and which acts for that customer only. Both are signed with a key of
// their own, so neither passes for the portal's access token nor the other way round; both
// die with the sign-in they were issued under (its refresh family revoked).
import { and, eq, isNotNull } from 'drizzle-orm'
import { jwtVerify, SignJWT, type JWTPayload } from 'jose'
import type { Db } from '../db/open-database.ts'
import { refreshTokens, serverSecrets } from '../db/schema.ts'
import { randomToken } from '../auth/tokens.ts'

const issuer = 'portal-help-desk'
const loginAudience = 'help-desk-login'
const accessAudience = 'help-desk'
/** The login token only has to reach the exchange. */
export const loginTokenTtlSeconds = 120
/** The help desk's access token is short-lived: the client exchanges again after a 401. */
export const helpDeskTokenTtlSeconds = 600

const keyName = 'help-desk-hs256'
const keys = new WeakMap<Db, Uint8Array>()

async function signingKey(db: Db): Promise<Uint8Array> {
  const known = keys.get(db)
  if (known) return known
  await db
    .insert(serverSecrets)
    .values({ name: keyName, value: randomToken(48) })
    .onConflictDoNothing()
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, keyName))
  if (!row) throw new Error('assertion: the help-desk key row exists after insert')
  const key = new TextEncoder().encode(row.value)
  keys.set(db, key)
  return key
}

/** Who a help-desk token speaks for. */
export interface HelpDeskClaims {
  userId: number
  /** The user's own customer. */
  ownCustomerId: number
  isAdmin: boolean
  /** The customer the token acts for: the one supportJwtGet was asked about. */
  customerId: number
  familyId: string
  /** The help-desk widget (client id) the token is for. */
  clientId: string
}

async function sign(db: Db, claims: HelpDeskClaims, audience: string, ttl: number) {
  return new SignJWT({
    own: claims.ownCustomerId,
    adm: claims.isAdmin,
    cid: claims.customerId,
    fam: claims.familyId,
    wid: claims.clientId,
  })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(issuer)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime(`${ttl}s`)
    .sign(await signingKey(db))
}

async function verified(
  db: Db,
  token: string,
  audience: string,
): Promise<(HelpDeskClaims & { expiresAtMs: number }) | undefined> {
  let payload: JWTPayload
  try {
    const key = await signingKey(db)
    payload = (await jwtVerify(token, key, { issuer, audience, algorithms: ['HS256'] })).payload
  } catch {
    return undefined
  }
  const claims = {
    userId: Number(payload.sub),
    ownCustomerId: Number(payload.own),
    isAdmin: payload.adm === true,
    customerId: Number(payload.cid),
    familyId: String(payload.fam ?? ''),
    clientId: String(payload.wid ?? ''),
    expiresAtMs: (payload.exp ?? 0) * 1000,
  }
  const ids = [claims.userId, claims.ownCustomerId, claims.customerId]
  if (!ids.every(Number.isInteger) || claims.familyId === '') return undefined
  return (await familyRevoked(db, claims.familyId)) ? undefined : claims
}

async function familyRevoked(db: Db, familyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, familyId), isNotNull(refreshTokens.revokedAt)))
    .limit(1)
  return row !== undefined
}

/** supportJwtGet's token: who is signed in, for whom, for which widget. */
export function signLoginToken(db: Db, claims: HelpDeskClaims): Promise<string> {
  return sign(db, claims, loginAudience, loginTokenTtlSeconds)
}

/**
 * The help desk's access token for a login token issued for this client id; undefined when
 * the login token is invalid, expired, for another client, or its sign-in ended.
 */
export async function exchangeLoginToken(
  db: Db,
  loginToken: string,
  clientId: string,
): Promise<string | undefined> {
  const claims = await verified(db, loginToken, loginAudience)
  if (!claims || claims.clientId !== clientId) return undefined
  return sign(db, claims, accessAudience, helpDeskTokenTtlSeconds)
}

/** What a help-desk access token speaks for, or undefined. */
export function verifyHelpDeskToken(
  db: Db,
  token: string,
): Promise<(HelpDeskClaims & { expiresAtMs: number }) | undefined> {
  return verified(db, token, accessAudience)
}
