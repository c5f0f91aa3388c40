// POST /auth/scp/request: the scp screen's deep link (product-spec sections 2 and 4). The link
// carries a fresh tmpJwt, with which the mobile app links itself (POST /auth/devices) and
// gets approved; approval moves a migrating user to push two-factor.
import type { Handler } from '../rpc/handler-context.ts'
import { refused, reply } from '../rpc/outcome.ts'

export const scpLinkBase = 'novapay://scp'

export const handler: Handler<'authScpRequest'> = async (context, input) => {
  const session = await context.tokens.verifyAccess(input.tmpJwt)
  if (!session?.temporary) {
    return refused('answer.auth.signInExpired')
  }
  const token = await context.tokens.issueTemporary(session.userId)
  return reply(200, { deeplink: `${scpLinkBase}?${new URLSearchParams({ token }).toString()}` })
}
