// The captcha adapter in use: the built-in proof of work until a deployment configures a
// hosted one (README.md beside this file).
import type { HandlerContext } from '../../rpc/handler-context.ts'
import { BuiltInCaptcha } from './built-in-captcha.ts'

export function captchaOf(context: Pick<HandlerContext, 'db' | 'config'>): BuiltInCaptcha {
  return new BuiltInCaptcha(context.db, context.config.captchaDifficulty)
}
