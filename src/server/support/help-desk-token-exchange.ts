// helpDeskTokenExchange: the signed token of supportJwtGet, for the client it was issued to,
// becomes the help desk's access token (product-spec section 7, remote token exchange); the
// client exchanges a fresh one after a 401 (section 4).
import type { Handler } from '../rpc/handler-context.ts'
import { refused, reply } from '../rpc/outcome.ts'
import { exchangeLoginToken, helpDeskTokenTtlSeconds } from './help-desk-tokens.ts'

export const handler: Handler<'helpDeskTokenExchange'> = async (context, input) => {
  const accessToken = await exchangeLoginToken(context.db, input.jwtToken, input.clientId)
  if (!accessToken) return refused('answer.support.loginRefused')
  return reply(200, { accessToken, expiresIn: helpDeskTokenTtlSeconds })
}
