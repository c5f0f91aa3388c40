// POST /internal/login: password sign-in for another server (product-spec section 6).
import type { Handler } from '../rpc/handler-context.ts'
import { internalSignIn } from './internal-users.ts'

export const handler: Handler<'internalLogin'> = (context, input) => internalSignIn(context, input)
