// resolutionSend: signs the acting business's resolution (product-spec section 7, Business and
// other; declarations.ts). Every business is asked for it.
import type { Handler } from '../rpc/handler-context.ts'
import { declarationSend } from './declarations.ts'

export const handler: Handler<'resolutionSend'> = (context, input) =>
  declarationSend(context, 'resolution', input)
