// resolutionGet: the directors' resolution the acting business signs, and whether and by whom
// it is signed (product-spec section 7, Business and other; declarations.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { declarationGet } from './declarations.ts'

export const handler: Handler<'resolutionGet'> = (context) => declarationGet(context, 'resolution')
