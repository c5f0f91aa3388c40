// POST /login: the deprecated form of POST /internal/login, answering the same.
import type { Handler } from '../rpc/handler-context.ts'
import { internalSignIn } from './internal-users.ts'

export const handler: Handler<'internalLoginLegacy'> = (context, input) =>
  internalSignIn(context, input)
