// POST /auth/sei/authorize/{authorizationId}: the user grants the pending authorization. The
// grant becomes a sign-in challenge bound to the client's PKCE challenge, so the client
// exchanges the code in redirect_uri at /auth/token with its verifier, exactly like a sign-in
// of the portal; the portal then logs the user out and follows redirect_uri (section 7).
import { and, eq, gt, isNull } from 'drizzle-orm'
import { loginChallenges, seiAuthorizations } from '../db/schema-auth.ts'
import type { Handler } from '../rpc/handler-context.ts'
import { requireSession } from '../rpc/handler-context.ts'
import { reply, restMessage, type Answer, type Failure } from '../rpc/outcome.ts'
import { challengeTtlMs } from './login-flows.ts'
import { randomToken, sha256 } from './tokens.ts'

export const handler: Handler<'seiAuthorizeConfirm'> = async (context) => {
  const { userId } = requireSession(context)
  const authorizationId = context.params.authorizationId ?? ''
  const code = randomToken()
  return context.db.transaction(async (tx): Promise<Answer<'seiAuthorizeConfirm'> | Failure> => {
    const [granted] = await tx
      .update(seiAuthorizations)
      .set({ grantedAt: new Date() })
      .where(
        and(
          eq(seiAuthorizations.id, sha256(authorizationId)),
          eq(seiAuthorizations.userId, userId),
          isNull(seiAuthorizations.grantedAt),
          gt(seiAuthorizations.expiresAt, new Date()),
        ),
      )
      .returning()
    if (!granted) return restMessage(404, 'answer.auth.authorizationNotFound')
    await tx.insert(loginChallenges).values({
      codeHash: sha256(code),
      userId,
      flow: 'direct',
      codeChallenge: granted.codeChallenge,
      expiresAt: new Date(Date.now() + challengeTtlMs),
    })
    const target = new URL(granted.redirectUri)
    target.searchParams.set('code', code)
    if (granted.state !== null) target.searchParams.set('state', granted.state)
    return reply(200, { redirect_uri: target.toString() })
  })
}
