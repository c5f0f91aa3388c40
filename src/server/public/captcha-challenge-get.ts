// captchaChallengeGet: a signed proof-of-work challenge for the captcha of account creation
// (src/server/adapters/captcha/built-in-captcha.ts). Nothing is stored until it is used.
import type { Handler } from '../rpc/handler-context.ts'
import { rpcOk } from '../rpc/outcome.ts'
import { captchaOf } from '../adapters/captcha/captcha.ts'

export const handler: Handler<'captchaChallengeGet'> = async (context) =>
  rpcOk({ captchaChallenge: await captchaOf(context).issue() })
