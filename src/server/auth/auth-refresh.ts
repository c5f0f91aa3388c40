// POST /auth/refresh: rotates the refresh token; reuse revokes the family (tokens.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { refused, reply } from '../rpc/outcome.ts'

export const handler: Handler<'authRefresh'> = async (context, input) => {
  const pair = await context.tokens.rotate(input.refreshToken)
  return pair === 'refused' ? refused('answer.auth.sessionExpired') : reply(200, pair)
}
