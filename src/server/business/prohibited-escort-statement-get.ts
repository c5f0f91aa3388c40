// prohibitedEscortStatementGet: the prohibited escort services statement to sign and whether it
// is signed; asked of adult-industry businesses (declarations.ts).
import type { Handler } from '../rpc/handler-context.ts'
import { declarationGet } from './declarations.ts'

export const handler: Handler<'prohibitedEscortStatementGet'> = (context) =>
  declarationGet(context, 'prohibitedEscort')
