// POST /auth/logout: revokes the refresh token's whole family; always 204 so that a
// stale or unknown token reveals nothing.
import type { Handler } from '../rpc/handler-context.ts'
import { reply } from '../rpc/outcome.ts'

export const handler: Handler<'authLogout'> = async (context, input) => {
  await context.tokens.revoke(input.refreshToken)
  return reply(204)
}
