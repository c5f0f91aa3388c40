// GET /auth/sei/authorize: an OAuth 2.0 authorization request of a sei client (RFC 6749
// section 4.1 with PKCE S256, RFC 7636), checked against the registered client and redirect
// URI, kept for 10 minutes; the answer is the portal's consent screen for it (product-spec
// section 2: the OAuth authorize screen is reached with an authorization id).
import { eq } from 'drizzle-orm'
import { oauthClients, seiAuthorizations } from '../db/schema-auth.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import {
  type FieldError,
  refusal,
  reply,
  restMessage,
  validationFailure,
  type RefusalKey,
} from '../rpc/outcome.ts'
import { codeChallengePattern } from '../../shared/pkce.ts'
import { randomToken, sha256 } from './tokens.ts'

export const authorizePath = '/oauth/authorize'
export const authorizationLifetimeMs = 10 * 60_000

function queryErrors(query: Record<string, string>): FieldError[] {
  const errors: FieldError[] = []
  const need = (name: string, ok: boolean, reason: RefusalKey) => {
    if (!ok) errors.push(refusal(name, reason))
  }
  need('response_type', query.response_type === 'code', 'refusal.auth.mustBeCode')
  const clientId = query.client_id ?? ''
  need('client_id', clientId.length >= 1 && clientId.length <= 128, 'refusal.validation.required')
  const redirect = query.redirect_uri ?? ''
  need('redirect_uri', redirect.length <= 2048 && URL.canParse(redirect), 'refusal.auth.mustBeUri')
  need('scope', (query.scope ?? '').length <= 1000, 'refusal.auth.tooLong')
  need('state', (query.state ?? '').length <= 1000, 'refusal.auth.tooLong')
  need(
    'code_challenge',
    codeChallengePattern.test(query.code_challenge ?? ''),
    'refusal.auth.pkceChallenge',
  )
  need('code_challenge_method', query.code_challenge_method === 'S256', 'refusal.auth.mustBeS256')
  return errors
}

export const handler: Handler<'seiAuthorize'> = async (context) => {
  const { userId } = requireSession(context)
  const query = context.query
  const errors = queryErrors(query)
  if (errors.length > 0) return validationFailure(errors, 400)
  const [client] = await context.db
    .select()
    .from(oauthClients)
    .where(eq(oauthClients.clientId, String(query.client_id)))
  if (!client || !client.redirectUris.includes(String(query.redirect_uri))) {
    return restMessage(404, 'answer.auth.unknownClient')
  }
  const authorizationId = randomToken()
  await context.db.insert(seiAuthorizations).values({
    id: sha256(authorizationId),
    userId,
    clientId: client.clientId,
    redirectUri: String(query.redirect_uri),
    scope: query.scope ?? null,
    state: query.state ?? null,
    codeChallenge: String(query.code_challenge),
    expiresAt: new Date(Date.now() + authorizationLifetimeMs),
  })
  return reply(200, { authorizeUrl: `${authorizePath}/${authorizationId}` })
}
